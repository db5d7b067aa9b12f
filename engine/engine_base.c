// SPDX-License-Identifier: GPL-2.0
/*
 * The base a number was written in (kernel DTS style: a number reads as the
 * board file wrote it, issue 13 item 4). The value's C text decides when it
 * is one literal (`0x50`, `100000`, `-1`); a macro (`GPIO_BASE`) decides by
 * its definition, read from the macro chain the extractor kept (`GPIO_BASE
 * -> 0x40`). Anything else (`8 * 1024 * 1024`, `SZ_1M * 2`, a computed line)
 * leaves it to the writer's rules by property name: the C did not write
 * that number.
 */
#include "engine_int.h"

#include <ctype.h>
#include <string.h>

/*
 * 16 or 10 when s[0..n) holds one integer literal (a lone 0 aside: it reads
 * the same in both) and operators only; 0 when it holds a name, several
 * literals, or none.
 */
static unsigned literal_base(const char *s, size_t n)
{
	unsigned base = 0;

	for (size_t i = 0; i < n;) {
		unsigned b;

		if (isalpha((unsigned char)s[i]) || s[i] == '_' || s[i] == '"' || s[i] == '\'')
			return 0;
		if (!isdigit((unsigned char)s[i])) {
			i++;
			continue;
		}
		size_t start = i;

		b = s[i] == '0' && i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X') ? 16 : 10;
		if (b == 16)
			i += 2;
		while (i < n && (isxdigit((unsigned char)s[i]) || strchr("uUlL", s[i])))
			i++;
		if (b == 10 && i - start == 1 && s[start] == '0')
			continue;	/* a lone 0 reads the same in either base */
		if (base)
			return 0;	/* an expression: the C did not write the value */
		base = b;
	}
	return base;
}

/*
 * "NAME -> 0x40 -> 64": the first step after the name made of literals
 * only. A step that is one name goes on to that name's definition; one that
 * is an expression with names ends the search (the number after it is the
 * extractor's evaluation, in decimal, not the C's spelling).
 */
static unsigned chain_base(const char *exp)
{
	const char *p = exp ? strstr(exp, " -> ") : NULL;

	while (p) {
		const char *step = p + 4, *next = strstr(step, " -> ");
		size_t n = next ? (size_t)(next - step) : strlen(step);
		unsigned b = literal_base(step, n);

		if (b || memchr(step, ' ', n))
			return b;
		p = next;
	}
	return 0;
}

unsigned conv_c_base(const struct value *v)
{
	unsigned b;

	if (!v || v->kind != VAL_INT || !v->spelling)
		return 0;
	b = literal_base(v->spelling, strlen(v->spelling));
	return b ? b : chain_base(v->expansion);
}
