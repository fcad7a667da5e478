// Non-variadic wrappers over libedit (BSD editline), for LineEditor.
//
// Swift cannot call C variadic functions, and libedit's configuration goes through
// three of them: el_set, el_get and history. The wrappers here make those calls with
// fixed arguments, so the Swift side sees plain functions. libedit's own header stays
// private to CLibEdit.c; Swift only sees the opaque handles below.

#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#include <stddef.h>

/// An editor: libedit's EditLine, opaque to Swift.
typedef struct editline EditLine;

/// A history list: libedit's History, opaque to Swift.
typedef struct history History;

/// What a key-bound function asks libedit to do next (libedit's CC_* codes).
typedef enum {
    /// Nothing changed on screen.
    CLE_KEY_NORMAL = 0,
    /// The line changed: redraw what differs.
    CLE_KEY_REFRESH = 4,
    /// Something went wrong: beep.
    CLE_KEY_ERROR = 6,
    /// Other output was printed: redraw the prompt and line from scratch below it.
    CLE_KEY_REDISPLAY = 8,
} cle_key_result;

/// A function bound to a key: gets the editor and the context given at binding time.
typedef cle_key_result (*cle_key_function)(EditLine *_Nonnull editor, void *_Nullable context);

/// How a call to cle_gets ended.
typedef enum {
    /// A line was read; it is in `*line`.
    CLE_READ_LINE,
    /// Ctrl-C was pressed; the half-typed line was abandoned.
    CLE_READ_INTERRUPTED,
    /// Ctrl-D on an empty line, end of input, or an input error.
    CLE_READ_END_OF_FILE,
} cle_read_status;

// MARK: - Editor

/// Creates an editor on standard input, output and error (el_init), in emacs mode,
/// with libedit's signal handling (EL_SIGNAL), an empty prompt, and a character
/// reader (EL_GETCFN) that cle_gets can interrupt.
///
/// Then reads the user's ~/.editrc (el_source), where `program_name` selects the
/// lines that start with `program_name:`. Also sets the process's LC_CTYPE from the
/// environment (or to C.UTF-8) when it is still "C", since libedit decodes typed
/// bytes with the C library's multibyte functions. Returns NULL on failure.
EditLine *_Nullable cle_init(const char *_Nonnull program_name);

/// Frees an editor (el_end) and everything cle_init attached to it.
void cle_end(EditLine *_Nullable editor);

/// Sets the prompt shown by the next cle_gets; the text is copied. Returns 0, or -1
/// when out of memory (the old prompt stays).
int cle_set_prompt(EditLine *_Nonnull editor, const char *_Nonnull prompt);

/// Adds a function named `name` (EL_ADDFN) and binds it to `key` in emacs notation,
/// such as "^I" for Tab or "\\e[200~" for the start of a bracketed paste (EL_BIND).
/// `function` gets `context` back on every call.
///
/// libedit tells a bound function only which character was typed, so each binding
/// takes one of CLE_KEY_FUNCTIONS slots with a trampoline of its own; a call beyond
/// them fails. Returns 0, or -1 on failure.
int cle_bind_key(EditLine *_Nonnull editor, const char *_Nonnull key, const char *_Nonnull name,
                 const char *_Nonnull help, cle_key_function _Nonnull function, void *_Nullable context);

/// How many functions cle_bind_key can bind on one editor.
#define CLE_KEY_FUNCTIONS 4

/// Whether cle_gets asks the terminal for bracketed paste (ESC[?2004h) while it reads,
/// and turns it off (ESC[?2004l) before returning, so that commands and other programs
/// never see pasted text wrapped in markers. Only when the editor's input and output are
/// terminals and TERM is set and not "dumb". Off until set.
void cle_set_bracketed_paste(EditLine *_Nonnull editor, int enabled);

/// Reads the next character of input from inside a key function (el_wgetc), as a
/// Unicode scalar. Returns 1 with a character, 0 at end of input, or -1 on an error or
/// when Ctrl-C interrupted the read (cle_gets then returns CLE_READ_INTERRUPTED).
int cle_read_character(EditLine *_Nonnull editor, unsigned int *_Nonnull scalar);

/// Reads one line with editing (el_gets), showing the prompt.
///
/// While it reads, SIGINT is caught by a handler (installed without SA_RESTART)
/// that wakes the editor's character reader, so Ctrl-C ends el_gets whatever it was
/// doing; the line is then reset (el_reset) and the result is CLE_READ_INTERRUPTED.
/// At a terminal, a line break is then written, so that the next prompt starts a
/// line of its own; at end of input the cursor stays after the prompt. The previous
/// SIGINT action is restored before returning. On CLE_READ_LINE, `*line` points to `*length` bytes owned by the
/// editor (valid until the next call), including the trailing newline if one was typed.
cle_read_status cle_gets(EditLine *_Nonnull editor, const char *_Nullable *_Nonnull line, size_t *_Nonnull length);

/// The text of the line being edited from its start to the cursor (el_line), as
/// `*length` UTF-8 bytes owned by the editor. For use inside a key function.
void cle_line_before_cursor(EditLine *_Nonnull editor, const char *_Nullable *_Nonnull text, size_t *_Nonnull length);

/// Inserts text at the cursor (el_insertstr). Returns 0, or -1 on failure.
int cle_insert(EditLine *_Nonnull editor, const char *_Nonnull text);

/// Deletes `count` characters (not bytes) before the cursor (el_deletestr).
void cle_delete_before_cursor(EditLine *_Nonnull editor, int count);

/// The terminal's width in columns (EL_GETTC "co"), or 80 when unknown.
int cle_terminal_columns(EditLine *_Nonnull editor);

/// Writes text to the editor's output and flushes it, for printing below the line
/// from a key function (which should then return CLE_KEY_REDISPLAY).
void cle_write(EditLine *_Nonnull editor, const char *_Nonnull text);

/// Lets the editor's Up and Down keys walk `history` (EL_HIST). The history must
/// outlive the editor.
void cle_use_history(EditLine *_Nonnull editor, History *_Nonnull history);

// MARK: - History

/// Creates an empty history list (history_init), keeping at most `size` lines
/// (H_SETSIZE) and skipping a line equal to the one before it (H_SETUNIQUE).
/// Returns NULL on failure.
History *_Nullable cle_history_init(int size);

/// Frees a history list (history_end).
void cle_history_end(History *_Nullable history);

/// Appends a line (H_ENTER). Returns 0, or -1 on failure.
int cle_history_enter(History *_Nonnull history, const char *_Nonnull line);

/// Adds the lines of a history file written by cle_history_save (H_LOAD).
/// Returns the number of lines read, or -1 when the file cannot be read.
int cle_history_load(History *_Nonnull history, const char *_Nonnull path);

/// Writes every line to a history file, replacing it (H_SAVE). Returns the number
/// of lines written, or -1 when the file cannot be written.
int cle_history_save(History *_Nonnull history, const char *_Nonnull path);

/// Moves to the oldest line (H_LAST) and sets `*line` to it, owned by the history.
/// Returns 0, or -1 when the history is empty.
int cle_history_oldest(History *_Nonnull history, const char *_Nullable *_Nonnull line);

/// Moves to the next newer line (H_PREV) and sets `*line` to it. Returns 0, or -1
/// when there is no newer line.
int cle_history_newer(History *_Nonnull history, const char *_Nullable *_Nonnull line);

#endif
