/* One warning (with notes and fix-its) and one error for diag.dia. */
int f(int x) {
  if (x = 1)
    return 2;
  return missing_symbol;
}
