namespace N { int y; }
int f() { using N::y; return y; }
