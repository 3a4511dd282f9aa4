declare i32 @lo()
define i32 @main() { %x = call i32 @lo() 
 ret i32 %x }
define internal i32 @loc() { ret i32 7 }
@vx = internal global i32 9
