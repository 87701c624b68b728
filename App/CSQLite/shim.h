// The system's SQLite, where the app keeps its data (see App/Data/Storage). Its headers come with
// libsqlite3-dev (Debian, Ubuntu) or sqlite-devel (Fedora).
#include <sqlite3.h>
