package inputs

import (
	"io"

	"github.com/evalpress/evalpress/internal/diag"
)

// BodyLine is one line of a block's body, with its 1-based line number.
type BodyLine struct {
	Text   string
	Number int
}

// Block is one "## NAME" block of a file read with ReadBlocks: under its
// "# SCRIPT" heading when the file has script headings.
type Block struct {
	Script     string // "" in a file without script headings
	ScriptLine int
	Name       string
	Line       int // line of the "## NAME" heading
	Body       []BodyLine
}

// ReadBlocks reads a small file shaped like sections.md, whole: "# SCRIPT"
// headings (when withScripts) over "## NAME" headings, each followed by its
// body. Headings are recognised and checked as in sections.md; files of other
// kinds (judge replies, labelling forms) share this shape. Without
// withScripts, a "# " heading is an error. A name repeated under one script
// is an error naming both lines; text outside any block is a warning.
func ReadBlocks(r io.Reader, file string, withScripts bool, warn *diag.List) ([]Block, error) {
	var (
		blocks     []Block
		script     string
		scriptLine int
		first      = map[[2]string]int{}
		strayLine  int
		open       bool // a block is open: body lines belong to it
	)
	_, err := (&Folder{}).readLines(r, file, warn, func(l line) error {
		switch {
		case isScriptHeading(l.text):
			if !withScripts {
				return diag.Errorf(file, l.number, "a '# ' heading in a file that holds only '## ' headings").
					WithHint("name each block with '## NAME'")
			}
			name, err := headingName(l.text[2:], file, l.number, "script")
			if err != nil {
				return err
			}
			script, scriptLine, open = name, l.number, false
		case isSectionHeading(l.text):
			if withScripts && script == "" {
				return diag.Errorf(file, l.number, "section heading before any script heading").
					WithHint("start the file with '# SCRIPT NAME' as in sections.md")
			}
			name, err := headingName(l.text[3:], file, l.number, "section")
			if err != nil {
				return err
			}
			key := [2]string{script, name}
			if at, ok := first[key]; ok {
				if script == "" {
					return diag.Errorf(file, l.number, "%q appears twice (first at line %d)", name, at)
				}
				return diag.Errorf(file, l.number, "section %q appears twice in the script of line %d (first at line %d)", name, scriptLine, at)
			}
			first[key] = l.number
			blocks = append(blocks, Block{Script: script, ScriptLine: scriptLine, Name: name, Line: l.number})
			open = true
		default:
			if !open {
				if strayLine == 0 && !isBlank(l.text) {
					strayLine = l.number
				}
				return nil
			}
			b := &blocks[len(blocks)-1]
			b.Body = append(b.Body, BodyLine{Text: string(l.text), Number: l.number})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if strayLine > 0 {
		warn.Add(diag.Warnf(file, strayLine, "text outside any '## ' block is ignored"))
	}
	return blocks, nil
}

// AddPrivate adds what another part of the inputs folder (the judged tier)
// contributes: the digests of its files, by their slash-separated path in
// the folder, and further private terms, kept in Private.
func (f *Folder) AddPrivate(digests map[string]string, terms []Term) {
	for name, d := range digests {
		f.Digests[name] = d
	}
	f.Private = append(f.Private, terms...)
}

// AddPrivateTexts adds private texts another part of the inputs folder
// contributes (the judges' analyses, which quote the sections): the leak
// scan looks for their passages as for the sections'.
func (f *Folder) AddPrivateTexts(texts ...string) {
	f.PrivateTexts = append(f.PrivateTexts, texts...)
}

// AddPublicTexts adds texts the protocol publishes, the judge prompt and
// the fixtures: what a judge's analysis quotes of them is no private
// passage.
func (f *Folder) AddPublicTexts(texts ...string) {
	f.PublicTexts = append(f.PublicTexts, texts...)
}
