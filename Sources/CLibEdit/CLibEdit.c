// Non-variadic wrappers over libedit; see include/CLibEdit.h for each function.

#include "CLibEdit.h"

#include <errno.h>
#include <fcntl.h>
#include <histedit.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

/// What CLibEdit keeps per editor, reached through libedit's client data
/// (EL_CLIENTDATA), since libedit's callbacks get nothing but the EditLine.
typedef struct {
    /// The prompt the prompt callback returns; owned, never NULL.
    char *prompt;
    /// Where cle_write prints: the output the editor was created with.
    FILE *output;
    /// The terminal read_character reads.
    int input;
    /// The functions bound with cle_bind_key, in the order they were bound, and what to
    /// hand back to each.
    cle_key_function key_functions[CLE_KEY_FUNCTIONS];
    void *key_contexts[CLE_KEY_FUNCTIONS];
    int key_function_count;
    /// Whether cle_gets turns on bracketed paste while it reads.
    int bracketed_paste;
} cle_client;

/// Set by the SIGINT handler while cle_gets reads. One flag serves every editor,
/// since only one can read the terminal at a time.
static volatile sig_atomic_t interrupted = 0;

/// A pipe the SIGINT handler writes a byte to, so that read_character, waiting on it
/// beside the terminal, wakes up even when Ctrl-C comes between two reads (where it
/// would interrupt no read) or is delivered to another thread.
static int interrupt_pipe[2] = {-1, -1};
static pthread_once_t interrupt_pipe_once = PTHREAD_ONCE_INIT;

static void open_interrupt_pipe(void) {
    if (pipe(interrupt_pipe) != 0) {
        interrupt_pipe[0] = interrupt_pipe[1] = -1;
        return;
    }
    for (int end = 0; end < 2; end++) {
        // Non-blocking, so that the handler never waits and draining stops when empty.
        fcntl(interrupt_pipe[end], F_SETFL, fcntl(interrupt_pipe[end], F_GETFL) | O_NONBLOCK);
        fcntl(interrupt_pipe[end], F_SETFD, FD_CLOEXEC);
    }
}

static void drain_interrupt_pipe(void) {
    char bytes[64];
    if (interrupt_pipe[0] >= 0) {
        while (read(interrupt_pipe[0], bytes, sizeof bytes) > 0) {
        }
    }
}

static void note_interrupt(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    interrupted = 1;
    if (interrupt_pipe[1] >= 0) {
        ssize_t written = write(interrupt_pipe[1], "", 1);
        (void)written;  // a full pipe already wakes the reader
    }
    errno = saved_errno;
}

static cle_client *client_of(EditLine *editor) {
    void *data = NULL;
    if (el_get(editor, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

/// libedit's prompt callback: libedit asks for the prompt on every redraw.
static char *current_prompt(EditLine *editor) {
    cle_client *client = client_of(editor);
    static char empty[] = "";
    return client != NULL ? client->prompt : empty;
}

/// libedit's key callback for slot `slot`: forwards to the Swift function, which libedit
/// cannot hold.
static unsigned char run_key_function(EditLine *editor, int slot) {
    cle_client *client = client_of(editor);
    if (client == NULL || slot >= client->key_function_count) {
        return CC_ERROR;
    }
    return (unsigned char)client->key_functions[slot](editor, client->key_contexts[slot]);
}

// libedit passes a bound function the character typed, not which binding it was, so
// each slot has a trampoline of its own.
static unsigned char run_key_function_0(EditLine *editor, int character) {
    (void)character;
    return run_key_function(editor, 0);
}
static unsigned char run_key_function_1(EditLine *editor, int character) {
    (void)character;
    return run_key_function(editor, 1);
}
static unsigned char run_key_function_2(EditLine *editor, int character) {
    (void)character;
    return run_key_function(editor, 2);
}
static unsigned char run_key_function_3(EditLine *editor, int character) {
    (void)character;
    return run_key_function(editor, 3);
}
static unsigned char (*const key_trampolines[CLE_KEY_FUNCTIONS])(EditLine *, int) = {
    run_key_function_0, run_key_function_1, run_key_function_2, run_key_function_3,
};

/// libedit's character reader (EL_GETCFN), in place of the built-in one, which can
/// only notice Ctrl-C when it interrupts a read in progress. Waits for the terminal
/// or the interrupt pipe; returns 1 with a character, 0 at end of input, or -1 with
/// errno EINTR once interrupted (el_gets then returns NULL).
static int read_character(EditLine *editor, wchar_t *character) {
    cle_client *client = client_of(editor);
    int input = client != NULL ? client->input : STDIN_FILENO;
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    *character = L'\0';
    for (;;) {
        if (interrupted) {
            errno = EINTR;
            return -1;
        }
        struct pollfd waiting[2] = {
            {.fd = input, .events = POLLIN},
            {.fd = interrupt_pipe[0], .events = POLLIN},
        };
        if (poll(waiting, interrupt_pipe[0] >= 0 ? 2 : 1, -1) < 0) {
            // Another signal (a resize, a resumed job) that libedit has handled.
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        if (waiting[0].revents == 0) {
            // Only the pipe: the loop's first check returns. Drained, a byte with
            // no interruption behind it cannot keep poll spinning.
            drain_interrupt_pipe();
            continue;
        }
        ssize_t got = read(input, bytes + count, 1);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) {
            continue;
        }
        if (got <= 0) {
            return got < 0 ? -1 : 0;
        }
        count += 1;
        // Typed bytes decode as libedit's own reader does: one character at a time,
        // dropping what is not valid in the locale's encoding.
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t decoded = mbrtowc(character, bytes, count, &state);
        if (decoded == (size_t)-2 && count < sizeof bytes) {
            continue;
        }
        if (decoded == (size_t)-1 || decoded == (size_t)-2) {
            count = 0;
            continue;
        }
        return 1;
    }
}

static int is_plain_c_locale(const char *locale) {
    return locale == NULL || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0;
}

// MARK: - Editor

EditLine *cle_init(const char *program_name) {
    // Must happen before el_init, which decides there whether input is UTF-8.
    if (is_plain_c_locale(setlocale(LC_CTYPE, NULL))) {
        setlocale(LC_CTYPE, "");
    }
    // Lines go to Swift as UTF-8, so prefer it to the C locale's ASCII.
    if (is_plain_c_locale(setlocale(LC_CTYPE, NULL))) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }

    cle_client *client = calloc(1, sizeof *client);
    if (client == NULL) {
        return NULL;
    }
    client->prompt = strdup("");
    client->output = stdout;
    client->input = fileno(stdin);
    pthread_once(&interrupt_pipe_once, open_interrupt_pipe);
    EditLine *editor = client->prompt != NULL ? el_init(program_name, stdin, stdout, stderr) : NULL;
    if (editor == NULL) {
        free(client->prompt);
        free(client);
        return NULL;
    }
    el_set(editor, EL_CLIENTDATA, client);
    el_set(editor, EL_PROMPT, current_prompt);
    el_set(editor, EL_EDITOR, "emacs");
    el_set(editor, EL_GETCFN, read_character);
    // libedit then restores the terminal's mode around signals (Ctrl-C, Ctrl-Z) and
    // follows window size changes, passing each signal on to the previous handler.
    el_set(editor, EL_SIGNAL, 1);
    // The user's own settings (~/.editrc, or $EDITRC) come after these defaults.
    el_source(editor, NULL);
    return editor;
}

void cle_end(EditLine *editor) {
    if (editor == NULL) {
        return;
    }
    cle_client *client = client_of(editor);
    el_end(editor);
    if (client != NULL) {
        free(client->prompt);
        free(client);
    }
}

int cle_set_prompt(EditLine *editor, const char *prompt) {
    cle_client *client = client_of(editor);
    char *copy = strdup(prompt);
    if (client == NULL || copy == NULL) {
        free(copy);
        return -1;
    }
    free(client->prompt);
    client->prompt = copy;
    return 0;
}

int cle_bind_key(EditLine *editor, const char *key, const char *name, const char *help,
                 cle_key_function function, void *context) {
    cle_client *client = client_of(editor);
    if (client == NULL || client->key_function_count >= CLE_KEY_FUNCTIONS) {
        return -1;
    }
    int slot = client->key_function_count;
    if (el_set(editor, EL_ADDFN, name, help, key_trampolines[slot]) != 0) {
        return -1;
    }
    client->key_functions[slot] = function;
    client->key_contexts[slot] = context;
    client->key_function_count += 1;
    if (el_set(editor, EL_BIND, key, name, NULL) != 0) {
        return -1;
    }
    return 0;
}

void cle_set_bracketed_paste(EditLine *editor, int enabled) {
    cle_client *client = client_of(editor);
    if (client != NULL) {
        client->bracketed_paste = enabled;
    }
}

int cle_read_character(EditLine *editor, unsigned int *scalar) {
    wchar_t character = L'\0';
    *scalar = 0;
    int got = el_wgetc(editor, &character);
    if (got == 1) {
        *scalar = (unsigned int)character;
    }
    return got < 0 ? -1 : got;
}

/// Whether bracketed paste should be asked for: only a terminal understands the request,
/// and only one that also sends the markers to our input; a dumb one would show it.
static int uses_bracketed_paste(cle_client *client) {
    const char *term = getenv("TERM");
    if (term == NULL || *term == '\0' || strcmp(term, "dumb") == 0) {
        return 0;
    }
    return client != NULL && client->bracketed_paste && isatty(client->input) && isatty(fileno(client->output));
}

cle_read_status cle_gets(EditLine *editor, const char **line, size_t *length) {
    *line = NULL;
    *length = 0;

    // No SA_RESTART, so that a system call in progress returns at once.
    struct sigaction catcher;
    struct sigaction previous;
    memset(&catcher, 0, sizeof catcher);
    catcher.sa_handler = note_interrupt;
    sigemptyset(&catcher.sa_mask);
    catcher.sa_flags = 0;
    interrupted = 0;
    drain_interrupt_pipe();
    int caught = sigaction(SIGINT, &catcher, &previous) == 0;

    // el_gets prints the prompt before it leaves the terminal's line mode, so keys
    // typed right after the prompt appears would be echoed twice; go raw first.
    el_set(editor, EL_PREP_TERM, 1);

    cle_client *client = client_of(editor);
    int pasting = uses_bracketed_paste(client);
    if (pasting) {
        cle_write(editor, "\033[?2004h");
    }
    int count = 0;
    const char *text = el_gets(editor, &count);
    if (pasting) {
        cle_write(editor, "\033[?2004l");
    }

    if (caught) {
        sigaction(SIGINT, &previous, NULL);
    }
    if (text != NULL && count > 0) {
        *line = text;
        *length = (size_t)count;
        return CLE_READ_LINE;
    }
    if (interrupted) {
        el_reset(editor);
        // At a terminal the cursor is still on the abandoned line: leave it for the
        // next prompt. Without one, libedit showed no prompt and there is no line.
        if (client != NULL && isatty(client->input)) {
            cle_write(editor, "\n");
        }
        return CLE_READ_INTERRUPTED;
    }
    return CLE_READ_END_OF_FILE;
}

void cle_line_before_cursor(EditLine *editor, const char **text, size_t *length) {
    const LineInfo *line = el_line(editor);
    if (line == NULL || line->buffer == NULL || line->cursor < line->buffer) {
        *text = NULL;
        *length = 0;
        return;
    }
    *text = line->buffer;
    *length = (size_t)(line->cursor - line->buffer);
}

int cle_insert(EditLine *editor, const char *text) {
    return el_insertstr(editor, text) == 0 ? 0 : -1;
}

void cle_delete_before_cursor(EditLine *editor, int count) {
    if (count > 0) {
        el_deletestr(editor, count);
    }
}

int cle_terminal_columns(EditLine *editor) {
    int columns = 0;
    if (el_get(editor, EL_GETTC, "co", &columns, NULL) == 0 && columns > 0) {
        return columns;
    }
    return 80;
}

void cle_write(EditLine *editor, const char *text) {
    cle_client *client = client_of(editor);
    FILE *output = client != NULL ? client->output : stdout;
    fputs(text, output);
    fflush(output);
}

void cle_use_history(EditLine *editor, History *history_list) {
    el_set(editor, EL_HIST, history, history_list);
}

// MARK: - History

History *cle_history_init(int size) {
    History *history_list = history_init();
    if (history_list == NULL) {
        return NULL;
    }
    HistEvent event;
    if (history(history_list, &event, H_SETSIZE, size) < 0 ||
        history(history_list, &event, H_SETUNIQUE, 1) < 0) {
        history_end(history_list);
        return NULL;
    }
    return history_list;
}

void cle_history_end(History *history_list) {
    if (history_list != NULL) {
        history_end(history_list);
    }
}

int cle_history_enter(History *history_list, const char *line) {
    HistEvent event;
    return history(history_list, &event, H_ENTER, line) < 0 ? -1 : 0;
}

int cle_history_load(History *history_list, const char *path) {
    HistEvent event;
    int count = history(history_list, &event, H_LOAD, path);
    return count < 0 ? -1 : count;
}

int cle_history_save(History *history_list, const char *path) {
    HistEvent event;
    int count = history(history_list, &event, H_SAVE, path);
    return count < 0 ? -1 : count;
}

int cle_history_oldest(History *history_list, const char **line) {
    HistEvent event;
    *line = NULL;
    if (history(history_list, &event, H_LAST) < 0) {
        return -1;
    }
    *line = event.str;
    return 0;
}

int cle_history_newer(History *history_list, const char **line) {
    HistEvent event;
    *line = NULL;
    if (history(history_list, &event, H_PREV) < 0) {
        return -1;
    }
    *line = event.str;
    return 0;
}
