/* The consume() that memprof.cpp calls, for the thin link of the combined
   index summary-combined-memprof. */
void consume(char *p) { p[0] = 1; }
