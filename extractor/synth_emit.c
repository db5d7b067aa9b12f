// SPDX-License-Identifier: GPL-2.0
/*
 * The synthesized header (tolerant mode, see synth.c): enum constants,
 * extern objects and typedefs for the undeclared identifiers, then each
 * struct after the structs of its fields.
 */
#include "synth_int.h"

#include <stdlib.h>

/* The declaration of a scalar of kind k named d (no ';'). */
void sy_scalar_decl(struct strbuf *sb, enum sk k, const char *d)
{
	switch (k) {
	case SK_STR:
		sb_addf(sb, "const char *%s", d);
		break;
	case SK_LLPTR:
		sb_addf(sb, "long long *%s", d);
		break;
	case SK_FUNC:
		sb_addf(sb, "long long (*%s)()", d);
		break;
	case SK_PTR:
	case SK_NULL:
		sb_addf(sb, "void *%s", d);
		break;
	default:
		sb_addf(sb, "long long %s", d);
		break;
	}
}

static void decl(struct synth *s, struct strbuf *sb, struct shape *sh,
		 const char *d)
{
	if (sh->named) {
		sb_addf(sb, "%s %s", sh->named, d);
		return;
	}
	switch (sh->kind) {
	case SK_STRUCT:
		sb_addf(sb, "struct %s %s%s", sh->name, sh->is_ptr ? "*" : "", d);
		break;
	case SK_ARRAY: {
		long len = sh->len > 0 ? sh->len : 1;
		struct shape none = { .kind = SK_INT };
		char *dd;

		if (sh->unk_index)
			len += s->nenums + 1;
		dd = xasprintf("%s[%ld]", d, len);
		decl(s, sb, sh->elem ? sh->elem : &none, dd);
		free(dd);
		break;
	}
	default:
		sy_scalar_decl(sb, sh->kind, d);
		break;
	}
}

static void emit_struct(struct synth *s, struct strbuf *sb, struct shape *sh);

static void emit_deps(struct synth *s, struct strbuf *sb, struct shape *sh)
{
	while (sh && sh->kind == SK_ARRAY && !sh->named)
		sh = sh->elem;
	if (sh && sh->kind == SK_STRUCT && !sh->named)
		emit_struct(s, sb, sh);
}

static void emit_struct(struct synth *s, struct strbuf *sb, struct shape *sh)
{
	if (sh->emitted)
		return;
	sh->emitted = true;
	for (size_t i = 0; i < sh->nf; i++)
		emit_deps(s, sb, sh->f[i]->sh);
	sb_addf(sb, "struct %s {\n", sh->name);
	for (size_t i = 0; i < sh->nf; i++) {
		sb_add(sb, "\t");
		decl(s, sb, sh->f[i]->sh, sh->f[i]->name);
		sb_add(sb, ";\n");
	}
	if (!sh->nf)
		sb_add(sb, "\tlong long __b2d_p0;\n");
	sb_add(sb, "};\n");
}

char *sy_emit(struct synth *s)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "/* board2dts: declarations synthesized for a tolerant parse */\n");
	for (size_t i = 0; i < s->idents.len; i++) {
		struct ident *id = s->idents.items[i];
		struct tag *t = sy_find_tag(s, id->name);

		if (t && t->kind == TAG_TYPEDEF)
			continue;
		if (id->type && !id->value)
			sb_addf(&sb, "typedef long long %s;\n", id->name);
		else if (id->indexed)
			sb_addf(&sb, "extern long long %s[];\n", id->name);
		else if (id->object && id->sh && id->sh->nf) {
			emit_struct(s, &sb, id->sh);
			sb_addf(&sb, "extern struct %s %s;\n", id->sh->name, id->name);
		} else if (id->object)
			sb_addf(&sb, "extern long long %s;\n", id->name);
		else
			sb_addf(&sb, "enum { %s = %d };\n", id->name, ++s->nenums);
	}
	for (size_t i = 0; i < s->tags.len; i++) {
		struct tag *t = s->tags.items[i];

		if (t->kind == TAG_ENUM)
			sb_addf(&sb, "enum %s { __b2d_%s };\n", t->name, t->name);
		if (t->sh->kind == SK_STRUCT)
			emit_struct(s, &sb, t->sh);
		if (t->kind == TAG_TYPEDEF) {
			sb_add(&sb, "typedef ");
			if (t->sh->kind == SK_STRUCT && !t->sh->named)
				sb_addf(&sb, "struct %s %s", t->name, t->name);
			else
				decl(s, &sb, t->sh, t->name);
			sb_add(&sb, ";\n");
		}
	}
	return sb_detach(&sb);
}
