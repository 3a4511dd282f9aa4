/* Source of the COFF fixtures: code, zero-fill data (.bss), thread-local
 * data (.tls$), and a section whose name is longer than 8 characters, so
 * that its header holds "/N" and the name is in the string table. See gen.sh. */
int counter;
static int table[64];
__thread int tls_value;
__attribute__((section(".rdata$long_section_name"), used)) static const char tag[] = "bcextract";

int add(int a, int b) { return a + b + table[a & 63] + tls_value; }
int use(int x) { counter += x; table[x & 63] = x; return add(x, counter); }
