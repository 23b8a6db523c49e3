// Package evalpress holds the files embedded in the evalpress binary: the
// HTML templates and the site's assets (stylesheet, script, vendored ECharts).
// A templates/ folder beside a site's config.toml overrides templates by name.
package evalpress

import (
	"embed"
	"io/fs"
)

//go:embed templates/*.html
var templates embed.FS

//go:embed assets
var assets embed.FS

// Templates returns the built-in templates, rooted at the templates folder.
func Templates() fs.FS { return sub(templates, "templates") }

// Assets returns the built-in assets, rooted at the assets folder.
func Assets() fs.FS { return sub(assets, "assets") }

func sub(fsys embed.FS, dir string) fs.FS {
	s, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err) // the embedded tree always has dir
	}
	return s
}
