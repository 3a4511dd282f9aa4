//! A small Rust library for bcextract inspect's fixtures.
#[no_mangle]
pub extern "C" fn rust_add(a: u32, b: u32) -> u32 {
    a.wrapping_add(b)
}

pub static TABLE: [u8; 4] = [1, 2, 3, 4];

#[inline(never)]
pub fn sum(v: &[u32]) -> u32 {
    v.iter().copied().fold(0, u32::wrapping_add)
}
