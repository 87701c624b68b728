// The system's SQLite, where the app keeps its data (see App/Data/Storage). Its headers come with
// libsqlite3-dev (Debian, Ubuntu) or sqlite-devel (Fedora).
#include <sqlite3.h>

// Keeps the write-ahead log as it is when the connection closes, instead of copying it into the database: a
// connection to a damaged database must write nothing into it. (sqlite3_db_config is variadic, which Swift
// cannot call.)
static inline int csqlite_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
