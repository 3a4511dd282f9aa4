define linkonce_odr i32 @lo() { ret i32 1 }
define internal i32 @loc() { ret i32 5 }
@vx = internal global i32 9
define i32 @usec() { %a = call i32 @loc() 
 %b = load i32, ptr @vx
 ret i32 %b }
