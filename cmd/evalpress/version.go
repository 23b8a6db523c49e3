package main

import "github.com/evalpress/evalpress/internal/version"

// versionLine is what --version prints: the module's version, the commit
// the binary was built from and the Go version (internal/version).
func versionLine() string { return version.Current().String() }
