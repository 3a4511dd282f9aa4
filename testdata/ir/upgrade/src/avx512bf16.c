// clang-14 -mavx512bf16: the BF16 conversions return <32 x i16>, which
// LLVM 22 upgrades to <32 x bfloat> plus bitcasts, a call named as the old,
// which llvm-dis-22 prints (the example).
typedef float v16sf __attribute__((vector_size(64)));
typedef short v32hi __attribute__((vector_size(64)));

v32hi f(v16sf a, v16sf b) {
	return (v32hi)__builtin_ia32_cvtne2ps2bf16_512(a, b);
}
