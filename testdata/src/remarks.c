/* Inlining and loop remarks for remarks.opt.bitstream. */
static int sq(int x) { return x * x; }

int sum_squares(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += sq(v[i]);
  return s;
}
