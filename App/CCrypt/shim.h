// libcrypt's crypt_r, for salted password hashes (yescrypt). libcrypt ships with
// the C library's development files on every Linux system that builds Swift.
#include <crypt.h>
