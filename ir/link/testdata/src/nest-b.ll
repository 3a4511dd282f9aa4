define linkonce_odr i32 @lo() { ret i32 1 }
define i32 @gb() { %x = call i32 @lo() 
 ret i32 %x }
@vb = global i32 2
define internal i32 @loc() { ret i32 3 }
