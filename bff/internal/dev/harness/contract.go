package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// Contract is contracts/openapi.yaml, compiled lazily schema by schema, to validate real answers.
// It is safe for concurrent use: tests send requests from many goroutines at once.
type Contract struct {
	doc      map[string]any
	mu       sync.Mutex // the compiler caches what it compiled in maps of its own, unguarded
	compiler *jsonschema.Compiler
}

// LoadContract reads and compiles contracts/openapi.yaml.
func LoadContract(t testing.TB) *Contract {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(Root(), "contracts", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	// Round-trip through JSON so the validator sees JSON types (float64 numbers, string keys).
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("openapi.json", parsed); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(js, &doc)
	return &Contract{doc: doc, compiler: c}
}

// Doc is the contract as parsed, for tests that look up what it documents (see Dig).
func (c *Contract) Doc() any { return c.doc }

// ResponseSchema finds the JSON pointer of the schema documented for an answer; "" when the
// answer is documented without a body.
func (c *Contract) ResponseSchema(path, method string, status int, contentType string) (string, error) {
	op, ok := Dig(c.doc, "paths", path, strings.ToLower(method)).(map[string]any)
	if !ok {
		return "", fmt.Errorf("%s %s is not in the contract", method, path)
	}
	resp, ok := Dig(op, "responses", strconv.Itoa(status)).(map[string]any)
	if !ok {
		return "", fmt.Errorf("%s %s: status %d is not documented", method, path, status)
	}
	ptr := "#/paths/" + escape(path) + "/" + strings.ToLower(method) + "/responses/" + strconv.Itoa(status)
	if ref, ok := resp["$ref"].(string); ok {
		ptr = ref
		resp = Dig(c.doc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...).(map[string]any)
	}
	if _, ok := resp["content"]; !ok {
		return "", nil // an answer documented without a body (a 204, a HEAD, a 201 with Location)
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", err
	}
	if _, ok := Dig(resp, "content", mt, "schema").(map[string]any); !ok {
		return "", fmt.Errorf("%s %s %d: content type %s is not documented", method, path, status, mt)
	}
	return ptr + "/content/" + escape(mt) + "/schema", nil
}

// Validate fails the test when body does not match the schema at ptr.
func (c *Contract) Validate(t testing.TB, ptr string, body []byte) {
	t.Helper()
	sch, err := c.Compile(ptr)
	if err != nil {
		t.Fatalf("compile %s: %v", ptr, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("answer is not JSON: %v: %s", err, body)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("answer does not match %s: %v\n%s", ptr, err, body)
	}
}

// Compile compiles the schema at ptr (Validate's step, and for tests of the validator itself).
func (c *Contract) Compile(ptr string) (*jsonschema.Schema, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.compiler.Compile("openapi.json" + ptr)
}

// Dig walks a decoded JSON value down keys; nil where one is missing.
func Dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// Each is field of every element of the list at v's key list, in order: Each(a.JSON, "orders",
// "orderNumber") is a page's order numbers. Every element must have field as a string.
func Each(v any, list, field string) []string {
	var out []string
	items, _ := Dig(v, list).([]any)
	for _, it := range items {
		out = append(out, Dig(it, field).(string))
	}
	return out
}

// escape makes a JSON pointer token of s (RFC 6901).
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
