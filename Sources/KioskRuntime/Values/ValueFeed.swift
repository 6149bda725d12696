/// A running source of one value's text (a clock, a file, a command); it stops when released.
protocol ValueFeed: AnyObject {}
