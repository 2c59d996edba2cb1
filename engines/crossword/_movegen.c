/*
 * Compiled Crossword move generator: the same search as movegen.py's pure-Python one, in C.
 *
 * Purpose: list every legal placement of a rack on a 15x15 board, each scored as the engine scores it,
 * fast enough for analysis and the bots.  The Python generator (movegen.python_placements) is the
 * reference: this module must return the same plays, in the same order, with the same scores, words,
 * leaves and first squares.  It therefore follows the Python search step by step: anchors row by row
 * (across, then down), rack tiles in sorted order (the blank first), a blank's letters in the word
 * graph's own order, single tiles kept once in the orientation the engine gives them.
 *
 * Two entry points:
 *   compile_graph(root) -> Graph | None
 *       Flattens a word graph of plain dicts (wordgraph.build_dawg's shape: a node maps one-letter
 *       keys to child nodes, the key "" marks a word end) into arrays.  None when the graph is not of
 *       that shape (a lazy protocol graph, a key longer than one letter, more than 64 letters, letters
 *       of a node not in ascending order), so the caller keeps the Python search.
 *   placements(graph, board, rack, values) -> list[Play] | None
 *       None when the input is outside what this module handles (a board character other than '.',
 *       A-Z, a-z; a rack tile other than A-Z or '?'; more than seven tiles; a blank with a graph that
 *       holds letters outside A-Z; a letter without a value): the caller then runs the Python search.
 *   configure(play_type, tile_type, slot_descriptors, letter_mult, word_mult) must come first.
 *
 * Invariants: the GIL is held throughout (no Python callback runs during a search, the graph is never
 * mutated after compilation); Tile objects are immutable and cached across calls per (square, letter,
 * blank); the board is only read.  Written for this project from the algorithm's description
 * (Appel & Jacobson's anchor search over a DAWG with cross-checks).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SIZE 15
#define MAXRACK 7
#define MAXLETTERS 64
#define NSLOTS 10
#define BINGO_BONUS 50

/* ---------------------------------------------------------------------------------------------- */
/* The compiled graph                                                                              */

typedef struct {
    PyObject_HEAD
    uint32_t nnodes;
    uint32_t nedges;
    int nletters;
    int ascii_upper_only;           /* every letter is A-Z */
    Py_UCS4 letters[MAXLETTERS];    /* letter index -> code point, ascending */
    int8_t ascii_index[128];        /* ASCII code point -> letter index, -1 when absent */
    uint32_t *edge_start;           /* nnodes + 1 */
    uint64_t *mask;                 /* letters leaving each node */
    uint8_t *end;                   /* node ends a word */
    uint8_t *edge_letter;
    uint32_t *edge_child;
} Graph;

static void graph_dealloc(Graph *g) {
    PyMem_Free(g->edge_start);
    PyMem_Free(g->mask);
    PyMem_Free(g->end);
    PyMem_Free(g->edge_letter);
    PyMem_Free(g->edge_child);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

static PyObject *graph_get_nodes(Graph *g, void *closure) { return PyLong_FromUnsignedLong(g->nnodes); }
static PyObject *graph_get_edges(Graph *g, void *closure) { return PyLong_FromUnsignedLong(g->nedges); }

static PyGetSetDef graph_getset[] = {
    {"nodes", (getter)graph_get_nodes, NULL, "number of nodes", NULL},
    {"edges", (getter)graph_get_edges, NULL, "number of edges", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "engines.crossword._movegen.Graph",
    .tp_basicsize = sizeof(Graph),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)graph_dealloc,
    .tp_getset = graph_getset,
    .tp_doc = "A word graph flattened into arrays (built by compile_graph).",
};

static inline int64_t graph_child(const Graph *g, uint32_t node, int idx) {
    if (idx < 0) return -1;
    uint64_t bit = (uint64_t)1 << idx;
    uint64_t m = g->mask[node];
    if (!(m & bit)) return -1;
    return g->edge_child[g->edge_start[node] + __builtin_popcountll(m & (bit - 1))];
}

/* Pointer -> index map used while compiling (open addressing, grows at half full). */
typedef struct {
    void **keys;
    uint32_t *vals;
    size_t cap, used;
} PtrMap;

static inline size_t ptr_hash(void *p, size_t cap) {
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static int ptrmap_init(PtrMap *m, size_t cap) {
    m->cap = cap; m->used = 0;
    m->keys = PyMem_Calloc(cap, sizeof(void *));
    m->vals = PyMem_Calloc(cap, sizeof(uint32_t));
    return (m->keys && m->vals) ? 0 : -1;
}

static void ptrmap_free(PtrMap *m) { PyMem_Free(m->keys); PyMem_Free(m->vals); }

static int64_t ptrmap_get(const PtrMap *m, void *key) {
    size_t i = ptr_hash(key, m->cap);
    while (m->keys[i]) {
        if (m->keys[i] == key) return m->vals[i];
        i = (i + 1) & (m->cap - 1);
    }
    return -1;
}

static int ptrmap_put(PtrMap *m, void *key, uint32_t val) {
    if ((m->used + 1) * 2 > m->cap) {
        PtrMap bigger;
        if (ptrmap_init(&bigger, m->cap * 2) < 0) { ptrmap_free(&bigger); return -1; }
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) ptrmap_put(&bigger, m->keys[i], m->vals[i]);
        ptrmap_free(m);
        *m = bigger;
    }
    size_t i = ptr_hash(key, m->cap);
    while (m->keys[i]) i = (i + 1) & (m->cap - 1);
    m->keys[i] = key; m->vals[i] = val; m->used++;
    return 0;
}

/* Returns 1 and sets *cp for a one-letter key, 0 for the end marker "", -1 for anything else. */
static int key_letter(PyObject *key, Py_UCS4 *cp) {
    if (!PyUnicode_CheckExact(key) || PyUnicode_READY(key) < 0) return -1;
    Py_ssize_t n = PyUnicode_GET_LENGTH(key);
    if (n == 0) return 0;
    if (n != 1) return -1;
    *cp = PyUnicode_READ_CHAR(key, 0);
    return 1;
}

static PyObject *compile_graph(PyObject *self, PyObject *root) {
    if (!PyDict_CheckExact(root)) Py_RETURN_NONE;
    PyObject **nodes = NULL, **stack = NULL;
    size_t nnodes = 0, cap_nodes = 1024, nstack = 0, cap_stack = 1024, nedges = 0;
    Py_UCS4 letters[MAXLETTERS];
    int nletters = 0, unsupported = 0;
    PtrMap map = {0};
    Graph *g = NULL;

    nodes = PyMem_Malloc(cap_nodes * sizeof(PyObject *));
    stack = PyMem_Malloc(cap_stack * sizeof(PyObject *));
    if (!nodes || !stack || ptrmap_init(&map, 4096) < 0) goto nomem;
    nodes[nnodes++] = root;
    stack[nstack++] = root;
    if (ptrmap_put(&map, root, 0) < 0) goto nomem;
    /* First pass: number the nodes, collect the letters. */
    while (nstack && !unsupported) {
        PyObject *d = stack[--nstack], *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(d, &pos, &key, &value)) {
            Py_UCS4 cp;
            int kind = key_letter(key, &cp);
            if (kind < 0) { unsupported = 1; break; }
            if (kind == 0) continue;
            if (!PyDict_CheckExact(value)) { unsupported = 1; break; }
            nedges++;
            int seen = 0;
            for (int i = 0; i < nletters; i++) if (letters[i] == cp) { seen = 1; break; }
            if (!seen) {
                if (nletters == MAXLETTERS) { unsupported = 1; break; }
                letters[nletters++] = cp;
            }
            if (ptrmap_get(&map, value) >= 0) continue;
            if (nnodes == UINT32_MAX - 1) { unsupported = 1; break; }
            if (nnodes == cap_nodes) {
                cap_nodes *= 2;
                PyObject **grown = PyMem_Realloc(nodes, cap_nodes * sizeof(PyObject *));
                if (!grown) goto nomem;
                nodes = grown;
            }
            if (nstack == cap_stack) {
                cap_stack *= 2;
                PyObject **grown = PyMem_Realloc(stack, cap_stack * sizeof(PyObject *));
                if (!grown) goto nomem;
                stack = grown;
            }
            if (ptrmap_put(&map, value, (uint32_t)nnodes) < 0) goto nomem;
            nodes[nnodes++] = value;
            stack[nstack++] = value;
        }
    }
    if (unsupported) goto none;
    /* Letters in ascending code point order: the order a dict of sorted words iterates them in. */
    for (int i = 1; i < nletters; i++) {
        Py_UCS4 v = letters[i];
        int j = i - 1;
        while (j >= 0 && letters[j] > v) { letters[j + 1] = letters[j]; j--; }
        letters[j + 1] = v;
    }
    g = PyObject_New(Graph, &GraphType);
    if (!g) goto error;
    g->edge_start = NULL; g->mask = NULL; g->end = NULL; g->edge_letter = NULL; g->edge_child = NULL;
    g->nnodes = (uint32_t)nnodes;
    g->nedges = (uint32_t)nedges;
    g->nletters = nletters;
    g->ascii_upper_only = 1;
    memset(g->ascii_index, -1, sizeof g->ascii_index);
    for (int i = 0; i < nletters; i++) {
        g->letters[i] = letters[i];
        if (letters[i] < 128) g->ascii_index[letters[i]] = (int8_t)i;
        if (letters[i] < 'A' || letters[i] > 'Z') g->ascii_upper_only = 0;
    }
    g->edge_start = PyMem_Malloc((nnodes + 1) * sizeof(uint32_t));
    g->mask = PyMem_Calloc(nnodes, sizeof(uint64_t));
    g->end = PyMem_Calloc(nnodes, 1);
    g->edge_letter = PyMem_Malloc(nedges ? nedges : 1);
    g->edge_child = PyMem_Malloc((nedges ? nedges : 1) * sizeof(uint32_t));
    if (!g->edge_start || !g->mask || !g->end || !g->edge_letter || !g->edge_child) goto nomem;
    /* Second pass: the edges of each node, in its dict's order, which must be ascending. */
    size_t e = 0;
    for (size_t n = 0; n < nnodes; n++) {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        int previous = -1;
        g->edge_start[n] = (uint32_t)e;
        while (PyDict_Next(nodes[n], &pos, &key, &value)) {
            Py_UCS4 cp;
            int kind = key_letter(key, &cp);
            if (kind == 0) { g->end[n] = 1; continue; }
            int idx = 0;
            while (g->letters[idx] != cp) idx++;
            if (idx <= previous || e >= nedges) { unsupported = 1; break; }
            previous = idx;
            int64_t child = ptrmap_get(&map, value);
            if (child < 0) { unsupported = 1; break; }
            g->edge_letter[e] = (uint8_t)idx;
            g->edge_child[e] = (uint32_t)child;
            g->mask[n] |= (uint64_t)1 << idx;
            e++;
        }
        if (unsupported) break;
    }
    if (unsupported || e != nedges) goto none;
    g->edge_start[nnodes] = (uint32_t)e;
    PyMem_Free(nodes); PyMem_Free(stack); ptrmap_free(&map);
    return (PyObject *)g;

none:
    Py_XDECREF(g);
    PyMem_Free(nodes); PyMem_Free(stack); ptrmap_free(&map);
    Py_RETURN_NONE;
nomem:
    PyErr_NoMemory();
error:
    Py_XDECREF(g);
    PyMem_Free(nodes); PyMem_Free(stack); ptrmap_free(&map);
    return NULL;
}

/* ---------------------------------------------------------------------------------------------- */
/* Configuration: the Play and Tile classes, the premium squares                                   */

static PyObject *play_type = NULL;        /* movegen.Play (a class with __slots__) */
static PyObject *tile_type = NULL;        /* moves.Tile (a NamedTuple of 4) */
static PyObject *slot_descr[NSLOTS];      /* kind tiles across score words bingo exchange leave row col */
static int letter_mult[SIZE * SIZE], word_mult[SIZE * SIZE];
static PyObject *str_place = NULL, *str_empty = NULL;
static PyObject *letter_str[26];
/* Tile objects shared across calls: (square, letter A-Z, blank) -> Tile. */
static PyObject *tile_cache[SIZE * SIZE * 26 * 2];

static void clear_tile_cache(void) {
    for (size_t i = 0; i < sizeof tile_cache / sizeof tile_cache[0]; i++) Py_CLEAR(tile_cache[i]);
}

static PyObject *configure(PyObject *self, PyObject *args) {
    PyObject *play, *tile, *descrs, *lm, *wm;
    if (!PyArg_ParseTuple(args, "O!O!O!OO", &PyType_Type, &play, &PyType_Type, &tile, &PyTuple_Type, &descrs,
                          &lm, &wm))
        return NULL;
    if (PyTuple_GET_SIZE(descrs) != NSLOTS) {
        PyErr_SetString(PyExc_ValueError, "expected 10 slot descriptors");
        return NULL;
    }
    if (!PyType_IsSubtype((PyTypeObject *)tile, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "Tile must be a tuple subclass");
        return NULL;
    }
    for (int i = 0; i < NSLOTS; i++) {
        PyObject *d = PyTuple_GET_ITEM(descrs, i);
        if (!Py_TYPE(d)->tp_descr_set) {
            PyErr_SetString(PyExc_TypeError, "slot descriptors must be settable");
            return NULL;
        }
    }
    int lmv[SIZE * SIZE], wmv[SIZE * SIZE];
    for (int pass = 0; pass < 2; pass++) {
        PyObject *seq = PySequence_Fast(pass ? wm : lm, "multipliers must be a sequence");
        if (!seq) return NULL;
        if (PySequence_Fast_GET_SIZE(seq) != SIZE * SIZE) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "expected 225 multipliers");
            return NULL;
        }
        for (int i = 0; i < SIZE * SIZE; i++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
            (pass ? wmv : lmv)[i] = (int)v;
        }
        Py_DECREF(seq);
    }
    memcpy(letter_mult, lmv, sizeof lmv);
    memcpy(word_mult, wmv, sizeof wmv);
    if (tile != tile_type) clear_tile_cache();
    Py_INCREF(play); Py_XSETREF(play_type, play);
    Py_INCREF(tile); Py_XSETREF(tile_type, tile);
    for (int i = 0; i < NSLOTS; i++) {
        PyObject *d = PyTuple_GET_ITEM(descrs, i);
        Py_INCREF(d);
        Py_XSETREF(slot_descr[i], d);
    }
    Py_RETURN_NONE;
}

static PyObject *get_tile(int row, int col, char letter, int blank) {
    size_t i = (((size_t)row * SIZE + col) * 26 + (size_t)(letter - 'A')) * 2 + (blank ? 1 : 0);
    PyObject *t = tile_cache[i];
    if (!t) {
        PyTypeObject *tp = (PyTypeObject *)tile_type;
        t = tp->tp_alloc(tp, 4);
        if (!t) return NULL;
        PyTuple_SET_ITEM(t, 0, PyLong_FromLong(row));
        PyTuple_SET_ITEM(t, 1, PyLong_FromLong(col));
        Py_INCREF(letter_str[letter - 'A']);
        PyTuple_SET_ITEM(t, 2, letter_str[letter - 'A']);
        PyObject *b = blank ? Py_True : Py_False;
        Py_INCREF(b);
        PyTuple_SET_ITEM(t, 3, b);
        if (!PyTuple_GET_ITEM(t, 0) || !PyTuple_GET_ITEM(t, 1)) { Py_DECREF(t); return NULL; }
        tile_cache[i] = t;
    }
    Py_INCREF(t);
    return t;
}

/* ---------------------------------------------------------------------------------------------- */
/* The search                                                                                       */

typedef struct {
    uint8_t n, across, blanks;      /* blanks: bit i set when tile i is a blank */
    uint8_t row[MAXRACK], col[MAXRACK];
    char letter[MAXRACK];
    uint8_t leave;                  /* index into the leave table */
} Found;

typedef struct {
    const Graph *g;
    char grid[2][SIZE][SIZE];       /* [0] the board, [1] its transpose */
    int first;
    int nkinds;
    char kind_ch[MAXRACK];
    int kind_idx[MAXRACK];          /* letter index in the graph, -1 for the blank or an absent letter */
    int count[MAXRACK];
    int radix[MAXRACK];             /* leave index = sum count[k] * radix[k] */
    int blank_kind;                 /* the kind that is the blank, -1 when none */
    int tiles_in_rack;
    uint64_t rack_mask;
    /* the anchor being searched */
    int o, r, anchor;
    const char *line;
    uint64_t checks[SIZE];
    int nprefix, nplaced;
    char prefix_letter[MAXRACK];
    uint8_t prefix_blank[MAXRACK];
    int placed_col[MAXRACK];
    char placed_letter[MAXRACK];
    uint8_t placed_blank[MAXRACK];
    uint8_t singles[SIZE * SIZE * 26 * 2 / 8 + 1];
    Found *found;
    size_t nfound, cap;
    int nomem;
} Search;

#define ALL_LETTERS (~(uint64_t)0)

static inline int upper_index(const Graph *g, char ch) {
    if (ch >= 'a' && ch <= 'z') ch = (char)(ch - 'a' + 'A');
    return g->ascii_index[(unsigned char)ch];
}

static inline int leave_index(const Search *s) {
    int idx = 0;
    for (int k = 0; k < s->nkinds; k++) idx += s->count[k] * s->radix[k];
    return idx;
}

static void record(Search *s, int start) {
    if (s->nomem) return;
    Found f;
    int n = s->nprefix + s->nplaced;
    f.n = (uint8_t)n;
    f.blanks = 0;
    for (int i = 0; i < n; i++) {
        int c;
        char letter;
        int blank;
        if (i < s->nprefix) {
            c = start + i; letter = s->prefix_letter[i]; blank = s->prefix_blank[i];
        } else {
            int j = i - s->nprefix;
            c = s->placed_col[j]; letter = s->placed_letter[j]; blank = s->placed_blank[j];
        }
        if (s->o == 0) { f.row[i] = (uint8_t)s->r; f.col[i] = (uint8_t)c; }
        else { f.row[i] = (uint8_t)c; f.col[i] = (uint8_t)s->r; }
        f.letter[i] = letter;
        if (blank) f.blanks |= (uint8_t)(1 << i);
    }
    if (n == 1) {
        /* A single tile forms words both ways: keep it once, across when it has a neighbour left or right. */
        size_t key = (((size_t)f.row[0] * SIZE + f.col[0]) * 26 + (size_t)(f.letter[0] - 'A')) * 2 + (f.blanks & 1);
        if (s->singles[key >> 3] & (1 << (key & 7))) return;
        s->singles[key >> 3] |= (uint8_t)(1 << (key & 7));
        int row = f.row[0], col = f.col[0];
        f.across = (uint8_t)((col > 0 && s->grid[0][row][col - 1] != '.') ||
                             (col < SIZE - 1 && s->grid[0][row][col + 1] != '.'));
    } else {
        f.across = (uint8_t)(s->o == 0);
    }
    f.leave = (uint8_t)leave_index(s);
    if (s->nfound == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        Found *grown = PyMem_Realloc(s->found, cap * sizeof(Found));
        if (!grown) { s->nomem = 1; return; }
        s->found = grown; s->cap = cap;
    }
    s->found[s->nfound++] = f;
}

static void extend(Search *s, uint32_t node, int col, int start) {
    const Graph *g = s->g;
    const char *line = s->line;
    if (col < SIZE && line[col] != '.') {
        int64_t child = graph_child(g, node, upper_index(g, line[col]));
        if (child >= 0) extend(s, (uint32_t)child, col + 1, start);
        return;
    }
    if (col > s->anchor && col - start >= 2 && g->end[node]) record(s, start);
    if (col >= SIZE) return;
    uint64_t allowed = s->checks[col];
    for (int k = 0; k < s->nkinds; k++) {
        if (!s->count[k]) continue;
        if (k == s->blank_kind) {
            s->count[k]--;
            for (uint32_t e = g->edge_start[node]; e < g->edge_start[node + 1]; e++) {
                int idx = g->edge_letter[e];
                if (!(allowed & ((uint64_t)1 << idx))) continue;
                int j = s->nplaced++;
                s->placed_col[j] = col;
                s->placed_letter[j] = (char)g->letters[idx];
                s->placed_blank[j] = 1;
                extend(s, g->edge_child[e], col + 1, start);
                s->nplaced--;
            }
            s->count[k]++;
        } else {
            int idx = s->kind_idx[k];
            if (idx < 0 || !(allowed & ((uint64_t)1 << idx))) continue;
            int64_t child = graph_child(g, node, idx);
            if (child < 0) continue;
            s->count[k]--;
            int j = s->nplaced++;
            s->placed_col[j] = col;
            s->placed_letter[j] = s->kind_ch[k];
            s->placed_blank[j] = 0;
            extend(s, (uint32_t)child, col + 1, start);
            s->nplaced--;
            s->count[k]++;
        }
    }
}

static void left(Search *s, uint32_t node, int limit) {
    const Graph *g = s->g;
    extend(s, node, s->anchor, s->anchor - s->nprefix);
    if (limit <= 0) return;
    for (int k = 0; k < s->nkinds; k++) {
        if (!s->count[k]) continue;
        if (k == s->blank_kind) {
            s->count[k]--;
            for (uint32_t e = g->edge_start[node]; e < g->edge_start[node + 1]; e++) {
                int j = s->nprefix++;
                s->prefix_letter[j] = (char)g->letters[g->edge_letter[e]];
                s->prefix_blank[j] = 1;
                left(s, g->edge_child[e], limit - 1);
                s->nprefix--;
            }
            s->count[k]++;
        } else {
            int64_t child = graph_child(g, node, s->kind_idx[k]);
            if (child < 0) continue;
            s->count[k]--;
            int j = s->nprefix++;
            s->prefix_letter[j] = s->kind_ch[k];
            s->prefix_blank[j] = 0;
            left(s, (uint32_t)child, limit - 1);
            s->nprefix--;
            s->count[k]++;
        }
    }
}

static int64_t walk(const Graph *g, int64_t node, const char *letters, int n) {
    for (int i = 0; i < n && node >= 0; i++) node = graph_child(g, (uint32_t)node, upper_index(g, letters[i]));
    return node;
}

static int is_anchor(const Search *s, int o, int r, int c) {
    if (s->first) return r == SIZE / 2 && c == SIZE / 2;
    const char (*grid)[SIZE] = s->grid[o];
    return (c > 0 && grid[r][c - 1] != '.') || (c < SIZE - 1 && grid[r][c + 1] != '.') ||
           (r > 0 && grid[r - 1][c] != '.') || (r < SIZE - 1 && grid[r + 1][c] != '.');
}

/* For each empty square of line r: every letter when no tile lies above or below it, else the
 * letters that make a word with those tiles (the word at right angles to the line). */
static void cross_checks(const Search *s, int o, int r, uint64_t *checks, uint8_t *constrained) {
    const Graph *g = s->g;
    const char (*grid)[SIZE] = s->grid[o];
    for (int c = 0; c < SIZE; c++) {
        checks[c] = ALL_LETTERS;
        constrained[c] = 0;
        if (grid[r][c] != '.') continue;
        char up[SIZE], down[SIZE];
        int nup = 0, ndown = 0, rr = r - 1;
        while (rr >= 0 && grid[rr][c] != '.') rr--;
        for (int i = rr + 1; i < r; i++) up[nup++] = grid[i][c];
        rr = r + 1;
        while (rr < SIZE && grid[rr][c] != '.') rr++;
        for (int i = r + 1; i < rr; i++) down[ndown++] = grid[i][c];
        if (!nup && !ndown) continue;
        constrained[c] = 1;
        uint64_t allowed = 0;
        int64_t node = walk(g, 0, up, nup);
        if (node >= 0) {
            for (uint32_t e = g->edge_start[node]; e < g->edge_start[node + 1]; e++) {
                int64_t end = walk(g, g->edge_child[e], down, ndown);
                if (end >= 0 && g->end[end]) allowed |= (uint64_t)1 << g->edge_letter[e];
            }
        }
        checks[c] = allowed;
    }
}

static void from_anchor(Search *s, int o, int r, int anchor) {
    const char *line = s->grid[o][r];
    s->o = o; s->r = r; s->anchor = anchor; s->line = line;
    s->nprefix = 0; s->nplaced = 0;
    if (anchor > 0 && line[anchor - 1] != '.') {
        int start = anchor;
        while (start > 0 && line[start - 1] != '.') start--;
        int64_t node = walk(s->g, 0, line + start, anchor - start);
        if (node >= 0) extend(s, (uint32_t)node, anchor, start);
        return;
    }
    int limit = 0, c = anchor - 1;
    while (c >= 0 && line[c] == '.' && !is_anchor(s, o, r, c)) { limit++; c--; }
    if (limit > s->tiles_in_rack - 1) limit = s->tiles_in_rack - 1;
    left(s, 0, limit);
}

static void run_search(Search *s) {
    uint64_t line_checks[2][SIZE][SIZE];
    uint8_t line_constrained[2][SIZE][SIZE];
    uint8_t computed[2][SIZE];
    memset(computed, 0, sizeof computed);
    for (int o = 0; o < 2; o++) {
        for (int r = 0; r < SIZE; r++) {
            for (int c = 0; c < SIZE; c++) {
                if (s->first ? !(r == SIZE / 2 && c == SIZE / 2) : (s->grid[o][r][c] != '.' || !is_anchor(s, o, r, c)))
                    continue;
                if (!computed[o][r]) {
                    cross_checks(s, o, r, line_checks[o][r], line_constrained[o][r]);
                    computed[o][r] = 1;
                }
                uint64_t allowed = line_checks[o][r][c];
                if (line_constrained[o][r][c] && (!allowed || (s->blank_kind < 0 && !(allowed & s->rack_mask))))
                    continue;  /* no rack tile may stand on this anchor */
                memcpy(s->checks, line_checks[o][r], sizeof s->checks);
                from_anchor(s, o, r, c);
                if (s->nomem) return;
            }
        }
    }
}

/* ---------------------------------------------------------------------------------------------- */
/* Scoring and the Play objects                                                                     */

typedef struct {
    int row, col, len, score;
    char text[SIZE];
} Word;

/* The maximal word through (row, col) one way, scored; len < 2 when only one letter long. */
static void word_through(const char (*board)[SIZE], const char (*placed)[SIZE], int row, int col, int across,
                         const int *values, Word *w) {
    int dr = across ? 0 : 1, dc = across ? 1 : 0;
    int r = row, c = col;
    for (;;) {
        int pr = r - dr, pc = c - dc;
        if (pr < 0 || pc < 0 || (!placed[pr][pc] && board[pr][pc] == '.')) break;
        r = pr; c = pc;
    }
    w->row = r; w->col = c; w->len = 0;
    int total = 0, factor = 1;
    while (r < SIZE && c < SIZE) {
        char ch = placed[r][c];
        int value;
        if (!ch) {
            ch = board[r][c];
            if (ch == '.') break;
            value = (ch >= 'a' && ch <= 'z') ? 0 : values[ch - 'A'];
        } else {  /* premiums count only for the tile that first covers them */
            int sq = r * SIZE + c;
            value = (ch >= 'a' && ch <= 'z') ? 0 : values[ch - 'A'] * letter_mult[sq];
            factor *= word_mult[sq];
        }
        w->text[w->len++] = (ch >= 'a' && ch <= 'z') ? (char)(ch - 'a' + 'A') : ch;
        total += value;
        r += dr; c += dc;
    }
    w->score = total * factor;
}

static PyObject *ascii_string(const char *chars, int n) {
    PyObject *str = PyUnicode_New(n, 127);
    if (str) memcpy(PyUnicode_1BYTE_DATA(str), chars, (size_t)n);
    return str;
}

static int set_slot(PyObject *obj, int slot, PyObject *value) {
    /* steals value */
    if (!value) return -1;
    PyObject *d = slot_descr[slot];
    int rc = Py_TYPE(d)->tp_descr_set(d, obj, value);
    Py_DECREF(value);
    return rc;
}

static PyObject *make_play(const char (*board)[SIZE], char (*placed)[SIZE], const Found *f, const int *values,
                           PyObject *leave) {
    int n = f->n;
    for (int i = 0; i < n; i++) {
        char ch = f->letter[i];
        placed[f->row[i]][f->col[i]] = (f->blanks >> i) & 1 ? (char)(ch - 'A' + 'a') : ch;
    }
    Word words[MAXRACK + 1];
    int nwords = 0, score = 0;
    word_through(board, (const char (*)[SIZE])placed, f->row[0], f->col[0], f->across, values, &words[0]);
    if (words[0].len >= 2) nwords++;
    for (int i = 0; i < n; i++) {  /* tiles are in board order, as sorted(tiles) is */
        word_through(board, (const char (*)[SIZE])placed, f->row[i], f->col[i], !f->across, values, &words[nwords]);
        if (words[nwords].len >= 2) nwords++;
    }
    for (int i = 0; i < n; i++) placed[f->row[i]][f->col[i]] = 0;
    for (int i = 0; i < nwords; i++) score += words[i].score;
    int bingo = n == MAXRACK;
    if (bingo) score += BINGO_BONUS;

    PyTypeObject *tp = (PyTypeObject *)play_type;
    PyObject *play = tp->tp_alloc(tp, 0);
    if (!play) return NULL;
    PyObject *tiles = PyTuple_New(n);
    if (!tiles) goto error;
    for (int i = 0; i < n; i++) {
        PyObject *t = get_tile(f->row[i], f->col[i], f->letter[i], (f->blanks >> i) & 1);
        if (!t) { Py_DECREF(tiles); goto error; }
        PyTuple_SET_ITEM(tiles, i, t);
    }
    PyObject *wordtuple = PyTuple_New(nwords);
    if (!wordtuple) { Py_DECREF(tiles); goto error; }
    for (int i = 0; i < nwords; i++) {
        PyObject *w = ascii_string(words[i].text, words[i].len);
        if (!w) { Py_DECREF(tiles); Py_DECREF(wordtuple); goto error; }
        PyTuple_SET_ITEM(wordtuple, i, w);
    }
    Py_INCREF(str_place);
    Py_INCREF(str_empty);
    Py_INCREF(leave);
    PyObject *slots[NSLOTS] = {
        str_place, tiles, PyBool_FromLong(f->across), PyLong_FromLong(score), wordtuple,
        PyBool_FromLong(bingo), str_empty, leave, PyLong_FromLong(nwords ? words[0].row : f->row[0]),
        PyLong_FromLong(nwords ? words[0].col : f->col[0]),
    };
    int failed = 0;
    for (int i = 0; i < NSLOTS; i++) {
        if (failed) Py_XDECREF(slots[i]);
        else if (set_slot(play, i, slots[i]) < 0) failed = 1;
    }
    if (failed) goto error;
    return play;
error:
    Py_DECREF(play);
    return NULL;
}

static int read_board(PyObject *board, char (*grid)[SIZE]) {
    /* 1: read, 0: outside what this module handles, -1: error */
    PyObject *seq = PySequence_Fast(board, "board must be a sequence");
    if (!seq) return -1;
    int ok = PySequence_Fast_GET_SIZE(seq) == SIZE;
    for (int r = 0; ok && r < SIZE; r++) {
        PyObject *line = PySequence_Fast_GET_ITEM(seq, r);
        if (!PyUnicode_Check(line) || PyUnicode_READY(line) < 0 || PyUnicode_GET_LENGTH(line) != SIZE ||
            PyUnicode_KIND(line) != PyUnicode_1BYTE_KIND) { ok = 0; break; }
        const Py_UCS1 *chars = PyUnicode_1BYTE_DATA(line);
        for (int c = 0; c < SIZE; c++) {
            Py_UCS1 ch = chars[c];
            if (!(ch == '.' || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'))) { ok = 0; break; }
            grid[r][c] = (char)ch;
        }
    }
    Py_DECREF(seq);
    return ok;
}

static PyObject *placements(PyObject *self, PyObject *args) {
    PyObject *graph_obj, *board, *rack, *values_map;
    if (!PyArg_ParseTuple(args, "O!OOO", &GraphType, &graph_obj, &board, &rack, &values_map)) return NULL;
    if (!play_type) {
        PyErr_SetString(PyExc_RuntimeError, "configure() first");
        return NULL;
    }
    const Graph *g = (const Graph *)graph_obj;
    Search *s = PyMem_Calloc(1, sizeof(Search));
    if (!s) return PyErr_NoMemory();
    PyObject *result = NULL, *leaves[128] = {0}, *rack_seq = NULL;
    int values[26];
    s->g = g;
    s->blank_kind = -1;
    int rc = read_board(board, s->grid[0]);
    if (rc < 0) goto done;
    if (rc == 0) goto unsupported;
    s->first = 1;
    for (int r = 0; r < SIZE; r++)
        for (int c = 0; c < SIZE; c++) {
            s->grid[1][c][r] = s->grid[0][r][c];
            if (s->grid[0][r][c] != '.') s->first = 0;
        }
    /* The rack: distinct tiles in sorted order ('?' sorts before the letters), with their counts. */
    rack_seq = PySequence_Fast(rack, "rack must be a sequence");
    if (!rack_seq) goto done;
    Py_ssize_t nrack = PySequence_Fast_GET_SIZE(rack_seq);
    if (nrack > MAXRACK) goto unsupported;
    int counts[128] = {0};
    for (Py_ssize_t i = 0; i < nrack; i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(rack_seq, i);
        if (!PyUnicode_Check(t) || PyUnicode_READY(t) < 0 || PyUnicode_GET_LENGTH(t) != 1) goto unsupported;
        Py_UCS4 ch = PyUnicode_READ_CHAR(t, 0);
        if (!(ch == '?' || (ch >= 'A' && ch <= 'Z'))) goto unsupported;
        counts[ch]++;
    }
    s->tiles_in_rack = (int)nrack;
    if (!nrack) { result = PyList_New(0); goto done; }
    int radix = 1;
    for (int ch = 0; ch < 128; ch++) {
        if (!counts[ch]) continue;
        int k = s->nkinds++;
        s->kind_ch[k] = (char)ch;
        s->count[k] = counts[ch];
        s->radix[k] = radix;
        radix *= counts[ch] + 1;
        if (ch == '?') {
            s->blank_kind = k;
            s->kind_idx[k] = -1;
        } else {
            s->kind_idx[k] = g->ascii_index[ch];
            if (s->kind_idx[k] >= 0) s->rack_mask |= (uint64_t)1 << s->kind_idx[k];
        }
    }
    if (s->blank_kind >= 0 && !g->ascii_upper_only) goto unsupported;
    /* Face values of A-Z; a letter without one is left to the Python search (it raises as the scorer does). */
    for (int i = 0; i < 26; i++) {
        PyObject *v = PyObject_GetItem(values_map, letter_str[i]);
        if (!v) {
            if (!PyErr_ExceptionMatches(PyExc_KeyError)) goto done;
            PyErr_Clear();
            values[i] = -1;
            continue;
        }
        long value = PyLong_AsLong(v);
        Py_DECREF(v);
        if (value == -1 && PyErr_Occurred()) goto done;
        if (value < 0 || value > 1000000) goto unsupported;
        values[i] = (int)value;
    }
    for (int r = 0; r < SIZE; r++)
        for (int c = 0; c < SIZE; c++) {
            char ch = s->grid[0][r][c];
            if (ch >= 'A' && ch <= 'Z' && values[ch - 'A'] < 0) goto unsupported;
        }
    for (int k = 0; k < s->nkinds; k++)
        if (k != s->blank_kind && values[s->kind_ch[k] - 'A'] < 0) goto unsupported;

    run_search(s);
    if (s->nomem) { PyErr_NoMemory(); goto done; }

    /* The leave of each rack state found, built once. */
    result = PyList_New((Py_ssize_t)s->nfound);
    if (!result) goto done;
    char placed[SIZE][SIZE];
    memset(placed, 0, sizeof placed);
    for (size_t i = 0; i < s->nfound; i++) {
        const Found *f = &s->found[i];
        if (!leaves[f->leave]) {
            char chars[MAXRACK];
            int n = 0, rest = f->leave;
            for (int k = s->nkinds - 1; k >= 0; k--) {  /* decode the mixed-radix index */
                int held = rest / s->radix[k];
                rest -= held * s->radix[k];
                s->count[k] = held;
            }
            for (int k = 0; k < s->nkinds; k++)
                for (int j = 0; j < s->count[k]; j++) chars[n++] = s->kind_ch[k];
            leaves[f->leave] = ascii_string(chars, n);
            if (!leaves[f->leave]) { Py_CLEAR(result); goto done; }
        }
        PyObject *play = make_play((const char (*)[SIZE])s->grid[0], placed, f, values, leaves[f->leave]);
        if (!play) { Py_CLEAR(result); goto done; }
        PyList_SET_ITEM(result, (Py_ssize_t)i, play);
    }
    goto done;

unsupported:
    Py_INCREF(Py_None);
    result = Py_None;
done:
    for (int i = 0; i < 128; i++) Py_XDECREF(leaves[i]);
    Py_XDECREF(rack_seq);
    PyMem_Free(s->found);
    PyMem_Free(s);
    return result;
}

/* ---------------------------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"compile_graph", compile_graph, METH_O,
     "compile_graph(root) -> Graph | None: the dict word graph flattened into arrays (None: unsupported shape)."},
    {"configure", configure, METH_VARARGS,
     "configure(play_type, tile_type, slot_descriptors, letter_mult, word_mult): the classes to build and the premiums."},
    {"placements", placements, METH_VARARGS,
     "placements(graph, board, rack, values) -> list[Play] | None: every legal placement, scored "
     "(None: input outside what the compiled search handles)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_movegen",
    "Compiled Crossword move generator (same plays as movegen.python_placements).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__movegen(void) {
    if (PyType_Ready(&GraphType) < 0) return NULL;
    str_place = PyUnicode_InternFromString("place");
    str_empty = PyUnicode_FromString("");
    if (!str_place || !str_empty) return NULL;
    for (int i = 0; i < 26; i++) {
        letter_str[i] = PyUnicode_FromOrdinal('A' + i);
        if (!letter_str[i]) return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&GraphType);
    if (PyModule_AddObject(m, "Graph", (PyObject *)&GraphType) < 0) {
        Py_DECREF(&GraphType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
