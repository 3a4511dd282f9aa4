/* Tiny header for tiny.pch. */
#define TINY_VERSION 3
struct tiny_point { int x, y; };
static inline int tiny_sum(struct tiny_point p) { return p.x + p.y; }
extern int tiny_global;
