// SPDX-License-Identifier: GPL-2.0
/*
 * The board model as bytes and back (board_store.h): what the parse cache
 * (parse_cache.c) keeps of a tolerant-mode extraction, so that a later
 * conversion of the unchanged file reads the board instead of parsing it.
 *
 * One walk serves both directions: each io_* function writes its field when
 * writing and fills it when reading, so the two cannot drift apart. The
 * stream is a magic line, then varints (integers; signed ones zigzagged),
 * strings as varint length+1 and bytes (0: NULL), file names as indexes
 * into a table of the ones seen so far, and values and guards as
 * references: 0 NULL, 2*id+1 one written before (the model shares guards
 * between the calls of one block, and the reading keeps that sharing), 2 a
 * new one, its fields following. Reading checks every length against the
 * end: a damaged stream is refused, never read past.
 */
#include "board_store.h"

#include <stdio.h>
#include <string.h>

#include "../common/strmap.h"
#include "../common/util.h"

#define BS_MAGIC "b2d-board 5\n"

struct bs {
	bool reading, bad;
	struct strbuf *out;			/* writing */
	const unsigned char *p, *end;		/* reading */
	struct arena *a;			/* reading: where the board lives */
	struct strmap seen;			/* writing: "%p" -> id + 1 */
	struct ptrvec objs;			/* reading: id -> object */
	struct ptrvec files;			/* file names, by index */
	size_t nobjs;				/* writing: ids given */
};

static void io_u(struct bs *s, unsigned long long *v)
{
	if (!s->reading) {
		unsigned long long x = *v;

		do {
			sb_addc(s->out, (char)((x & 0x7f) | (x > 0x7f ? 0x80 : 0)));
			x >>= 7;
		} while (x);
		return;
	}
	*v = 0;
	for (unsigned shift = 0; !s->bad; shift += 7) {
		if (s->p == s->end || shift > 63) {
			s->bad = true;
			break;
		}
		*v |= (unsigned long long)(*s->p & 0x7f) << shift;
		if (!(*s->p++ & 0x80))
			break;
	}
}

static void io_ll(struct bs *s, long long *v)
{
	unsigned long long z = ((unsigned long long)*v << 1) ^ (unsigned long long)(*v >> 63);

	io_u(s, &z);
	if (s->reading)
		*v = (long long)(z >> 1) ^ -(long long)(z & 1);
}

/* The narrower integer fields, through io_ll. */
#define IO_NUM(s, field) do {			\
	long long n_ = (long long)(field);	\
	io_ll((s), &n_);			\
	if ((s)->reading)			\
		(field) = n_;			\
} while (0)

static void io_bool(struct bs *s, bool *b)
{
	unsigned long long v = *b;

	io_u(s, &v);
	if (s->reading)
		*b = v != 0;
}

static void io_str(struct bs *s, const char **str)
{
	unsigned long long n = *str ? strlen(*str) + 1 : 0;

	io_u(s, &n);
	if (!s->reading) {
		if (n)
			sb_addn(s->out, *str, n - 1);
		return;
	}
	*str = NULL;
	if (s->bad || !n)
		return;
	if (n - 1 > (unsigned long long)(s->end - s->p)) {
		s->bad = true;
		return;
	}
	*str = arena_strndup(s->a, (const char *)s->p, n - 1);
	s->p += n - 1;
}

/* A file name: its index among those seen, the name itself the first time. */
static void io_file(struct bs *s, const char **file)
{
	unsigned long long i = 0;

	if (!s->reading) {
		while (i < s->files.len && s->files.items[i] != *file)
			i++;
		io_u(s, &i);
		if (i == s->files.len) {
			pv_push(&s->files, (void *)*file);
			io_str(s, file);
		}
		return;
	}
	io_u(s, &i);
	if (s->bad || i > s->files.len) {
		s->bad = true;
		return;
	}
	if (i == s->files.len) {
		io_str(s, file);
		pv_push(&s->files, (void *)*file);
	}
	*file = s->files.items[i];
}

static void io_pos(struct bs *s, struct srcpos *pos)
{
	io_file(s, &pos->file);
	IO_NUM(s, pos->line);
	IO_NUM(s, pos->col);
}

typedef void io_fn(struct bs *s, void *item);

/* An object that may be NULL or shared: see the header comment. */
static void io_ref(struct bs *s, void **obj, size_t size, io_fn *fn)
{
	unsigned long long tag = 0;

	if (!s->reading) {
		char key[32];
		size_t *slot;

		if (*obj) {
			snprintf(key, sizeof(key), "%p", *obj);
			slot = strmap_slot(&s->seen, key);
			tag = *slot ? 2 * (*slot - 1) + 1 : 2;
			if (!*slot)
				*slot = ++s->nobjs;
		}
		io_u(s, &tag);
		if (tag == 2)
			fn(s, *obj);
		return;
	}
	io_u(s, &tag);
	*obj = NULL;
	if (s->bad || !tag)
		return;
	if (tag & 1) {
		if ((tag >> 1) >= s->objs.len)
			s->bad = true;
		else
			*obj = s->objs.items[tag >> 1];
		return;
	}
	*obj = arena_alloc(s->a, size);
	pv_push(&s->objs, *obj);
	fn(s, *obj);
}

/* An arena array of objects (capacity a power of two, as arena_push keeps it). */
static void io_array(struct bs *s, void ***items, size_t *n, size_t size, io_fn *fn,
		     bool shared)
{
	unsigned long long len = *n;

	io_u(s, &len);
	if (s->reading) {
		size_t cap = 1;

		*items = NULL;
		*n = 0;
		if (s->bad || len > (unsigned long long)(s->end - s->p)) {
			s->bad = true;	/* every item takes a byte at least */
			return;
		}
		while (cap < len)
			cap *= 2;
		if (len)
			*items = arena_alloc(s->a, cap * sizeof(void *));
		*n = len;
	}
	for (size_t i = 0; i < *n && !s->bad; i++) {
		if (shared) {
			io_ref(s, &(*items)[i], size, fn);
		} else {
			if (s->reading)
				(*items)[i] = arena_alloc(s->a, size);
			fn(s, (*items)[i]);
		}
	}
}

static void io_value(struct bs *s, void *item);

static void io_value_ref(struct bs *s, struct value **v)
{
	io_ref(s, (void **)v, sizeof(**v), io_value);
}

static void io_value(struct bs *s, void *item)
{
	struct value *v = item;

	IO_NUM(s, v->kind);
	io_str(s, &v->field);
	IO_NUM(s, v->index);
	io_str(s, &v->type);
	io_bool(s, &v->is_array);
	io_ll(s, &v->ival);
	io_str(s, &v->text);
	io_str(s, &v->sym);
	IO_NUM(s, v->sym_index);
	io_str(s, &v->sym_meaning);
	io_str(s, &v->spelling);
	io_str(s, &v->expansion);
	io_str(s, &v->problem);
	io_pos(s, &v->pos);
	io_array(s, (void ***)&v->kids, &v->nkids, sizeof(struct value), io_value, true);
}

static void io_guard(struct bs *s, void *item)
{
	struct guard *g = item;

	io_value_ref(s, &g->cond);
	io_bool(s, &g->negated);
	io_bool(s, &g->exit);
	io_str(s, &g->text);
}

static void io_guards(struct bs *s, struct guard ***g, size_t *n)
{
	io_array(s, (void ***)g, n, sizeof(struct guard), io_guard, true);
}

static void io_call(struct bs *s, void *item)
{
	struct call *c = item;

	io_str(s, &c->callee);
	io_array(s, (void ***)&c->args, &c->nargs, sizeof(struct value), io_value, true);
	io_guards(s, &c->guards, &c->nguards);
	io_pos(s, &c->pos);
	io_str(s, &c->spelling);
	io_bool(s, &c->nested);
}

static void io_store(struct bs *s, void *item)
{
	struct store *st = item;

	io_str(s, &st->var);
	io_str(s, &st->path);
	io_value_ref(s, &st->rhs);
	io_guards(s, &st->guards, &st->nguards);
	io_pos(s, &st->pos);
	io_str(s, &st->spelling);
	io_bool(s, &st->global);
	io_str(s, &st->op);
}

static void io_strings(struct bs *s, const char ***v, size_t *n)
{
	unsigned long long len = *n;

	io_u(s, &len);
	if (s->reading) {
		*v = NULL;
		*n = 0;
		if (s->bad || len > (unsigned long long)(s->end - s->p)) {
			s->bad = true;
			return;
		}
		*v = len ? arena_alloc(s->a, len * sizeof(**v)) : NULL;
		*n = len;
	}
	for (size_t i = 0; i < *n && !s->bad; i++)
		io_str(s, &(*v)[i]);
}

static void io_function(struct bs *s, void *item)
{
	struct function *f = item;

	io_str(s, &f->name);
	io_strings(s, &f->params, &f->nparams);
	io_array(s, (void ***)&f->calls, &f->ncalls, sizeof(struct call), io_call, false);
	io_array(s, (void ***)&f->stores, &f->nstores, sizeof(struct store), io_store, false);
	io_array(s, (void ***)&f->compounds, &f->ncompounds, sizeof(struct store), io_store, false);
	io_value_ref(s, &f->returns);
	io_pos(s, &f->pos);
}

static void io_variable(struct bs *s, void *item)
{
	struct variable *v = item;

	io_str(s, &v->name);
	io_str(s, &v->type);
	io_bool(s, &v->is_array);
	io_value_ref(s, &v->init);
	io_pos(s, &v->pos);
}

static void io_machine(struct bs *s, void *item)
{
	struct machine *m = item;

	io_str(s, &m->id);
	io_str(s, &m->name);
	io_value_ref(s, &m->record);
	io_pos(s, &m->pos);
	io_bool(s, &m->dt);
	io_bool(s, &m->init_only);
}

static void io_lost(struct bs *s, void *item)
{
	struct lost_fact *l = item;

	io_pos(s, &l->pos);
	io_str(s, &l->message);
	io_str(s, &l->reason);
	io_str(s, &l->kind);
}

static void io_error(struct bs *s, void *item)
{
	struct clang_error *e = item;

	io_pos(s, &e->pos);
	io_str(s, &e->message);
	io_bool(s, &e->fatal);
}

static void io_board(struct bs *s, struct board *b)
{
	io_str(s, &b->path);
	io_array(s, (void ***)&b->vars, &b->nvars, sizeof(struct variable), io_variable, false);
	io_array(s, (void ***)&b->funcs, &b->nfuncs, sizeof(struct function), io_function, false);
	io_array(s, (void ***)&b->machines, &b->nmachines, sizeof(struct machine), io_machine,
		 false);
	io_bool(s, &b->tolerant);
	IO_NUM(s, b->clang_errors);
	io_array(s, (void ***)&b->main_errors, &b->nmain_errors, sizeof(struct clang_error),
		 io_error, false);
	io_array(s, (void ***)&b->lost, &b->nlost, sizeof(struct lost_fact), io_lost, false);
	io_bool(s, &b->reparsed);
	io_str(s, &b->config_file);
	io_strings(s, &b->assumed_config, &b->nassumed_config);
	io_strings(s, &b->includes, &b->nincludes);
	io_array(s, (void ***)&b->missing_headers, &b->nmissing_headers,
		 sizeof(struct clang_error), io_error, false);
}

void board_store(const struct board *b, struct strbuf *out)
{
	struct bs s = { .out = out };

	sb_add(out, BS_MAGIC);
	io_board(&s, (struct board *)b);
	strmap_free(&s.seen);
	pv_free(&s.files);
}

struct board *board_load(const char *data, size_t len)
{
	struct board *b;
	struct bs s = { .reading = true };
	size_t m = strlen(BS_MAGIC);

	if (len < m || memcmp(data, BS_MAGIC, m))
		return NULL;
	b = xcalloc(1, sizeof(*b));
	arena_init(&b->arena);
	s.a = &b->arena;
	s.p = (const unsigned char *)data + m;
	s.end = (const unsigned char *)data + len;
	io_board(&s, b);
	pv_free(&s.objs);
	pv_free(&s.files);
	if (s.bad || s.p != s.end) {
		board_free(b);
		return NULL;
	}
	return b;
}
