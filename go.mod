module github.com/evalpress/evalpress

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/alecthomas/chroma/v2 v2.27.0
	github.com/go-echarts/go-echarts/v2 v2.6.7
	github.com/sergi/go-diff v1.4.0
	github.com/yuin/goldmark v1.8.7
	golang.org/x/text v0.44.0
)

require (
	github.com/dlclark/regexp2/v2 v2.2.1 // indirect
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	golang.org/x/sys v0.13.0 // indirect
)
