/* OpenCL kernels, compiled for GPU targets (nvptx64, amdgcn): kernel
 * calling conventions, address spaces (global, local, constant, private,
 * generic), kernel argument metadata, barriers, atomics with scopes, image-
 * free builtins and vector types. */
__constant float coeffs[4] = {0.25f, 0.5f, 0.125f, 0.125f};

float weight(__global const float *p, int i) { return p[i] * coeffs[i & 3]; }

__kernel void blur(__global const float *restrict in, __global float *restrict out, __local float *tile, int n) {
	int gid = get_global_id(0);
	int lid = get_local_id(0);
	tile[lid] = gid < n ? in[gid] : 0.0f;
	barrier(CLK_LOCAL_MEM_FENCE);
	float s = tile[lid];
	if (lid > 0)
		s += weight(in, gid - 1);
	if (gid < n)
		out[gid] = s;
}

__kernel void histogram(__global const uchar *data, volatile __global int *bins, int n) {
	int gid = get_global_id(0);
	if (gid < n)
		atomic_inc(&bins[data[gid]]);
}

__kernel void vec_ops(__global float4 *v, __global int2 *w, float k) {
	size_t i = get_global_id(0);
	float4 x = v[i];
	v[i] = x * k + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
	w[i] = convert_int2(x.xy) + w[i].yx;
}

__kernel void generic_ptr(__global int *g, __local int *l) {
	int *p = get_local_id(0) ? (int *)g : (int *)l;
	*p += 1;
	work_group_barrier(CLK_GLOBAL_MEM_FENCE);
}
