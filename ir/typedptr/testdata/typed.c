#include <string.h>
struct S { int a; long b; struct S *next; };
int g = 5;
int *gp = &g;
static int sum(struct S *s) { int t = 0; for (; s; s = s->next) t += s->a + (int)s->b; return t; }
int f(struct S *s, char *buf, const char *src) { memcpy(buf, src, 4); return sum(s) + *gp; }
void (*fp)(void);
void call(void) { if (fp) fp(); }
