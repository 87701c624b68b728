// ncursesw (wide-character curses), a dependency of the Swift toolchain on Linux, for terminfo, key decoding,
// resize and wide characters. The macros that Swift cannot import are wrapped in static inline functions.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline int cncurses_color_pair(short pair) { return COLOR_PAIR(pair); }
static inline attr_t cncurses_bold(void) { return A_BOLD; }
static inline attr_t cncurses_dim(void) { return A_DIM; }
static inline attr_t cncurses_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_normal(void) { return A_NORMAL; }
static inline int cncurses_key_code_yes(void) { return KEY_CODE_YES; }

// The C library's width of a character in terminal cells (POSIX, declared by <wchar.h> only under X/Open).
static inline int cncurses_wcwidth(unsigned int character) {
    extern int wcwidth(wchar_t);
    return wcwidth((wchar_t)character);
}

// The mouse events the full screen reads: the first button's press and release, the wheel, and the pointer's
// motion while a button is held (a drag).
static inline mmask_t cncurses_pointer_events(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION;
}
static inline mmask_t cncurses_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cncurses_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cncurses_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t cncurses_wheel_down(void) { return BUTTON5_PRESSED; }
static inline mmask_t cncurses_motion(void) { return REPORT_MOUSE_POSITION; }
