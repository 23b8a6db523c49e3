package site

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The results page's explorer recomputes, in the reader's browser, every
// verdict at thresholds the reader chooses (assets/explorer.js). It reads
// data/explorer.js, a script that sets window.evalpressExplorer to a part
// of data/results.json: a script, not a fetch of the JSON, so that it works
// from file://. It is cut from results.json as written, field by field
// (explorerFields), so it can hold nothing results.json does not publish.

// explorerFile is the explorer's data in the site.
const explorerFile = "data/explorer.js"

// fields selects the parts of a JSON value to keep: for an object, the
// keys named, each with what to keep of its value (nil: all of it); an
// array's elements are each selected by the same fields.
type fields map[string]fields

// explorerFields are the parts of results.json the explorer reads: the
// thresholds, each cell's names, page and outcomes (values and limits, per
// judge for a judged criterion), the writers' order, the hypotheses'
// predictions and verdicts, and which judges' verdicts are results.
var explorerFields = fields{
	"thresholds":            nil,
	"registered_thresholds": nil,
	"cells":                 {"model": nil, "section": nil, "page": nil, "has_example": nil, "criteria": nil},
	"summary":               {"model": nil},
	"hypotheses":            {"id": nil, "verdict": nil, "reason": nil, "criterion": nil, "judge": nil, "prediction": nil},
	"judged":                {"thresholds": nil, "judges": {"ID": nil, "Name": nil, "Valid": nil}},
}

// explorerScript makes data/explorer.js from results.json's bytes.
func explorerScript(results []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(results))
	dec.UseNumber() // numbers pass through as written
	var all any
	if err := dec.Decode(&all); err != nil {
		return nil, fmt.Errorf("failed to read results.json back for the explorer: %w", err)
	}
	data, err := json.Marshal(explorerFields.cut(all))
	if err != nil {
		return nil, fmt.Errorf("failed to write the explorer's data: %w", err)
	}
	return dataScript("evalpress explorer data: a part of data/results.json, for the results page's explorer.", "evalpressExplorer", data), nil
}

// cut returns what f keeps of v.
func (f fields) cut(v any) any {
	if f == nil {
		return v
	}
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, sub := range f {
			if x, ok := v[k]; ok {
				out[k] = sub.cut(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = f.cut(x)
		}
		return out
	}
	return v
}
