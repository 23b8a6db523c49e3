package identity

import (
	"slices"
	"strings"
	"testing"
)

// TestTableIsWellFormed: every lab has a name and a family, every common
// word is one of its families or products or names, and no word names two
// labs (a writer's lab would then be a guess).
func TestTableIsWellFormed(t *testing.T) {
	if len(Labs()) < 30 {
		t.Fatalf("%d labs: the table is missing labs a frontier evaluation meets", len(Labs()))
	}
	owner := map[string]string{}
	for _, l := range Labs() {
		if l.Name == "" || len(l.Families) == 0 {
			t.Errorf("lab %+v: a name and at least one family are needed", l)
		}
		words := slices.Concat([]string{l.Name}, l.Also, l.Families, l.Products, l.People, l.Written)
		for _, c := range l.Common {
			if !slices.Contains(words, c) {
				t.Errorf("%s: common word %q is none of its words", l.Name, c)
			}
		}
		for _, w := range words {
			key := strings.Join(tokensOf(w), " ")
			if o, ok := owner[key]; ok && o != l.Name {
				t.Errorf("%q names both %s and %s", w, o, l.Name)
			}
			owner[key] = l.Name
		}
	}
	for _, want := range []string{"Anthropic", "OpenAI", "Google", "Meta", "Mistral AI", "xAI", "Alibaba", "DeepSeek", "Microsoft",
		"Cohere", "Amazon", "AI21 Labs", "Zhipu AI", "Moonshot AI", "01.AI", "Baidu", "Tencent", "NVIDIA", "IBM", "Reka AI", "Inflection AI"} {
		if !slices.ContainsFunc(Labs(), func(l Lab) bool { return l.Name == want }) {
			t.Errorf("the table has no lab %s", want)
		}
	}
}

// TestIdentityOfRealNames: the lab and family a reader would name, and
// the words that would tell them, from the name alone.
func TestIdentityOfRealNames(t *testing.T) {
	for _, tc := range []struct {
		name, lab, family string
		words             []string
	}{
		{"Claude Opus 4.1", "Anthropic", "Claude", []string{"Claude", "Anthropic", "Opus", "Sonnet", "Haiku", "claude-opus-4-1", "opus-4-1", "claude-4-1-opus"}},
		{"GPT-5 Thinking", "OpenAI", "GPT", []string{"GPT", "OpenAI", "ChatGPT", "o1", "o3", "o4", "Davinci", "gpt-5-thinking"}},
		{"Gemini 2.5 Pro", "Google", "Gemini", []string{"Gemini", "Google", "DeepMind", "Gemma", "PaLM", "Bard", "gemini-2-5-pro"}},
		{"o3", "OpenAI", "o3", []string{"OpenAI", "GPT", "o1"}},
		{"o1", "OpenAI", "o1", []string{"OpenAI", "GPT", "o3"}},
		{"Phi-4", "Microsoft", "Phi", []string{"Phi", "Microsoft"}},
		{"Command R+", "Cohere", "Command", []string{"Command", "Cohere", "Aya"}},
		{"Llama 3.3 70B", "Meta", "Llama", []string{"Llama", "Meta", "llama-3-3-70b"}},
		{"Qwen3 235B", "Alibaba", "Qwen", []string{"Qwen", "Alibaba", "QwQ"}},
		{"DeepSeek-R1", "DeepSeek", "DeepSeek", nil},
		{"Grok 3", "xAI", "Grok", []string{"Grok", "xAI", "grok-3"}},
		{"Mixtral 8x22B", "Mistral AI", "Mixtral", []string{"Mistral", "Codestral"}},
		{"Kimi K2", "Moonshot AI", "Kimi", []string{"Moonshot"}},
		{"GLM-4.5", "Zhipu AI", "GLM", []string{"Zhipu"}},
		{"Nova Pro", "Amazon", "Nova", []string{"Amazon", "Titan"}},
	} {
		id := Of(tc.name, Extra{})
		if !slices.Equal(id.Labs, []string{tc.lab}) || id.Family != tc.family {
			t.Errorf("%s: labs %v, family %q; want %s, %q", tc.name, id.Labs, id.Family, tc.lab, tc.family)
		}
		for _, w := range tc.words {
			if !slices.ContainsFunc(id.Words, func(x Word) bool { return x.Text == w }) {
				t.Errorf("%s: %q is not among its words %v", tc.name, w, id.Words)
			}
		}
		if slices.ContainsFunc(id.Words, func(x Word) bool { return strings.EqualFold(x.Text, tc.name) }) {
			t.Errorf("%s: the name itself is among its words", tc.name)
		}
	}
}

// TestCommonWordsAreMarked: an ordinary word of the table is marked so,
// a distinctive one is not, and a generic qualifier is no word of its own.
func TestCommonWordsAreMarked(t *testing.T) {
	id := Of("Claude Opus 4.1", Extra{})
	for _, w := range id.Words {
		if want := w.Text == "Opus" || w.Text == "Sonnet" || w.Text == "Haiku"; w.Common != want {
			t.Errorf("%q: common %v, want %v", w.Text, w.Common, want)
		}
	}
	for _, w := range Of("Gemini 2.5 Pro", Extra{}).Words {
		if w.Text == "2.5-pro" || w.Text == "Pro" {
			t.Errorf("%q is a word of Gemini 2.5 Pro's identity: it names no lab", w.Text)
		}
	}
}

// TestShortFormsPeopleAndScripts: a name's short form (without its family
// word, with its version) is a word of its identity, as are its lab's
// people, products and platforms and the lab's and family's names in other
// scripts; a bare version is not.
func TestShortFormsPeopleAndScripts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		want []string
		not  []string
	}{
		{"Gemini 2.5 Pro", []string{"2.5 Pro", "Demis Hassabis", "Hassabis", "Vertex AI", "AI Studio", "NotebookLM", "谷歌", "구글", "Гугл"}, []string{"Pro", "2.5"}},
		{"Gemini 2.5 Flash", []string{"2.5 Flash"}, []string{"Flash"}},
		{"GPT-4o", []string{"4o", "Sam Altman", "SearchGPT", "Whisper", "cl100k_base"}, nil},
		{"GPT-4.1 mini", []string{"4.1 mini"}, []string{"4.1"}},
		{"GPT-5", nil, []string{"5"}},
		{"DeepSeek-R1", nil, []string{"R1"}},
		{"Claude Opus 4.1", []string{"Opus 4.1", "Dario Amodei", "Клод", "クロード", "克劳德", "클로드"}, nil},
		{"Nova Pro", []string{"Bedrock"}, []string{"Pro"}},
		{"Llama 3.3 70B", []string{"3.3 70B", "Mark Zuckerberg"}, nil},
	} {
		id := Of(tc.name, Extra{})
		for _, w := range tc.want {
			if !slices.ContainsFunc(id.Words, func(x Word) bool { return x.Text == w }) {
				t.Errorf("%s: %q is not among its words", tc.name, w)
			}
		}
		for _, w := range tc.not {
			if slices.ContainsFunc(id.Words, func(x Word) bool { return strings.EqualFold(x.Text, w) }) {
				t.Errorf("%s: %q is among its words: it names no lab", tc.name, w)
			}
		}
	}
	// A writer named in another script is found by the table.
	if id := Of("クロード 4", Extra{}); !slices.Equal(id.Labs, []string{"Anthropic"}) {
		t.Errorf("クロード 4: labs %v, want Anthropic", id.Labs)
	}
}

// TestAuthorAddsToTheIdentity: models.toml's family, lab and words join
// what the table derives; a lab the table does not know is still a lab.
func TestAuthorAddsToTheIdentity(t *testing.T) {
	id := Of("Larkspur-3 Turbo", Extra{Family: "Larkspur", Lab: "Fernlight Labs", Words: []string{"ls3t-0611"}})
	if id.Family != "Larkspur" || !slices.Equal(id.Labs, []string{"Fernlight Labs"}) {
		t.Errorf("family %q labs %v", id.Family, id.Labs)
	}
	for _, w := range []string{"Larkspur", "Fernlight Labs", "ls3t-0611", "larkspur-3-turbo"} {
		if !slices.ContainsFunc(id.Words, func(x Word) bool { return x.Text == w }) {
			t.Errorf("%q is not among %v", w, id.Words)
		}
	}
	// A known lab named by the author brings its families.
	id = Of("Internal Writer", Extra{Lab: "Anthropic"})
	if !slices.Equal(id.Labs, []string{"Anthropic"}) || !slices.ContainsFunc(id.Words, func(x Word) bool { return x.Text == "Claude" }) {
		t.Errorf("labs %v words %v", id.Labs, id.Words)
	}
	// A name the table does not know, with nothing added, is its name.
	if id := Of("Writer 9000", Extra{}); len(id.Labs) != 0 || id.Family != "" {
		t.Errorf("an unknown writer has labs %v, family %q", id.Labs, id.Family)
	}
}
