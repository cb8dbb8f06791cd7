// Umbrella header for libedit (BSD editline), plus typed shims for what Swift cannot call.
//
// el_set, el_get and history are variadic C functions, which Swift cannot call. Each shim below
// fixes the arguments, so Swift sees an ordinary typed function. Everything is `static inline`,
// so the system-library target stays header-only.
#pragma once
#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>

/// What an editor function bound to a key returns (the `CC_*` values of histedit.h).
typedef unsigned char (*CEditLine_key_function)(EditLine *, int);
/// What the prompt callback looks like.
typedef char *(*CEditLine_prompt_function)(EditLine *);

/// An editor on the process's standard input, output and error.
static inline EditLine *CEditLine_open(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

/// Emacs key bindings, the terminal in edit mode without ISIG (so Ctrl-C reaches the editor as
/// a key instead of killing the process), `prompt` as the prompt with escapes between `\1`
/// marks, and `h` as the history the arrows walk.
static inline void CEditLine_configure(EditLine *el, History *h, CEditLine_prompt_function prompt) {
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_SETTY, "-d", "-isig", NULL);
    el_set(el, EL_PROMPT_ESC, prompt, '\1');
    el_set(el, EL_HIST, history, h);
}

/// Adds the editor function `name` and binds it to `key` (such as "^I").
static inline void CEditLine_bind(EditLine *el, const char *name, const char *help, CEditLine_key_function function, const char *key) {
    el_set(el, EL_ADDFN, name, help, function);
    el_set(el, EL_BIND, key, name, NULL);
}

/// Ends the line being edited the way a shell shows Ctrl-C: `^C` after the text, then a newline
/// (pushed as input, so libedit ends the line itself). The key function returns CC_REFRESH.
static inline void CEditLine_show_interrupt(EditLine *el) {
    const LineInfo *line = el_line(el);
    el_cursor(el, (int)(line->lastchar - line->cursor));
    el_insertstr(el, "^C");
    el_push(el, "\n");
}

/// What reads one character for libedit (EL_GETCFN): returns 1 with the character, 0 at the end
/// of input, -1 on an error.
typedef int (*CEditLine_read_function)(EditLine *, wchar_t *);

/// Makes `reader` the function libedit reads characters with.
static inline void CEditLine_set_reader(EditLine *el, CEditLine_read_function reader) {
    el_set(el, EL_GETCFN, reader);
}

/// Keeps `data` for the callbacks to read back with CEditLine_client_data.
static inline void CEditLine_set_client_data(EditLine *el, void *data) {
    el_set(el, EL_CLIENTDATA, data);
}

static inline void *CEditLine_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// A history of at most `size` entries, without consecutive repeats.
static inline History *CEditLine_history_open(int size) {
    History *h = history_init();
    if (h == NULL) return NULL;
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
    history(h, &event, H_SETUNIQUE, 1);
    return h;
}

/// Loads `path` into the history; returns -1 when it cannot be read.
static inline int CEditLine_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

/// Saves the history to `path`; returns -1 when it cannot be written.
static inline int CEditLine_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

/// Appends `line` to the history.
static inline void CEditLine_history_enter(History *h, const char *line) {
    HistEvent event;
    history(h, &event, H_ENTER, line);
}
