use std::collections::HashMap;
pub trait Shape { fn area(&self) -> f64; }
pub struct Sq<T>(pub T);
impl<T: Into<f64> + Copy> Shape for Sq<T> { fn area(&self) -> f64 { let x: f64 = self.0.into(); x * x } }
pub fn total(v: &[Box<dyn Shape>]) -> f64 { v.iter().map(|s| s.area()).sum() }
pub fn count<'a>(s: &'a str) -> HashMap<&'a str, usize> { let mut m = HashMap::new(); for w in s.split(' ') { *m.entry(w).or_insert(0) += 1; } m }
pub fn generic<const N: usize>(a: [u8; N]) -> usize { a.iter().map(|&b| b as usize).sum::<usize>() + N }
pub fn use_it() -> usize { generic([1u8, 2, 3]) + generic::<5>([0; 5]) + count("a b a").len() + total(&[Box::new(Sq(2u8)), Box::new(Sq(3.0f32))]) as usize }
