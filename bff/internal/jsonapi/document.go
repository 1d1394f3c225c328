// Package jsonapi is the CMS's answers as they arrive: JSON:API documents, their resources, and
// the types their attributes are read with (fields.go). The cms client and the blocks package,
// which reads paragraphs, share it; nothing of it leaves those two.
package jsonapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Document is a JSON:API top-level document. Data stays raw until the caller knows whether it
// asked for one resource or a collection.
type Document struct {
	Data     json.RawMessage `json:"data"`
	Included []Resource      `json:"included"`
	Links    map[string]any  `json:"links"`
	Meta     map[string]any  `json:"meta"`
	Errors   []APIError      `json:"errors"`

	index map[identifier]*Resource // data and included, by type and id
}

// Resource is one JSON:API resource object.
type Resource struct {
	Type          string                  `json:"type"`
	ID            string                  `json:"id"`
	Attributes    json.RawMessage         `json:"attributes"`
	Relationships map[string]Relationship `json:"relationships"`
	Links         map[string]any          `json:"links"`
}

// identifier is a resource linkage: the type and id of a resource.
type identifier struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// Relationship holds its linkage raw: null, one identifier or a list.
type Relationship struct {
	Data json.RawMessage `json:"data"`
}

// APIError is one entry of a JSON:API errors list.
type APIError struct {
	Status string `json:"status"`
	Code   string `json:"code"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
}

func (e APIError) String() string {
	return fmt.Sprintf("%s %s: %s", e.Status, e.Title, e.Detail)
}

// Decode parses a JSON:API document and indexes its resources for relationship lookups.
func Decode(body []byte) (*Document, error) {
	var doc Document
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("decode JSON:API document: %w", err)
	}
	if len(doc.Errors) == 0 && len(bytes.TrimSpace(doc.Data)) == 0 {
		return nil, errors.New("decode JSON:API document: neither data nor errors")
	}
	doc.index = make(map[identifier]*Resource, len(doc.Included)+1)
	for i := range doc.Included {
		r := &doc.Included[i]
		doc.index[identifier{r.Type, r.ID}] = r
	}
	return &doc, nil
}

// One returns the document's primary data as a single resource. A missing type or id counts as
// not found, as the spec's content fetch rule says.
func (d *Document) One() (*Resource, error) {
	var r Resource
	if err := json.Unmarshal(d.Data, &r); err != nil {
		return nil, fmt.Errorf("decode JSON:API data: %w", err)
	}
	if r.Type == "" || r.ID == "" {
		return nil, ErrMissingTypeOrID
	}
	d.index[identifier{r.Type, r.ID}] = &r
	return &r, nil
}

// Many returns the document's primary data as a collection.
func (d *Document) Many() ([]Resource, error) {
	var rs []Resource
	if err := json.Unmarshal(d.Data, &rs); err != nil {
		return nil, fmt.Errorf("decode JSON:API collection: %w", err)
	}
	for i := range rs {
		d.index[identifier{rs[i].Type, rs[i].ID}] = &rs[i]
	}
	return rs, nil
}

// ErrMissingTypeOrID is a resource without its type or id: the CMS answered no usable resource.
var ErrMissingTypeOrID = errors.New("jsonapi: a resource lacks its type or id")

// Related resolves a relationship to the included resources it names, in order. Linkage to a
// resource the document does not include is skipped: the CMS leaves out what the reader may not
// see, and a page should still render.
func (d *Document) Related(r *Resource, name string) []*Resource {
	rel, ok := r.Relationships[name]
	if !ok {
		return nil
	}
	raw := bytes.TrimSpace(rel.Data)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	var ids []identifier
	if raw[0] == '[' {
		if err := json.Unmarshal(raw, &ids); err != nil {
			return nil
		}
	} else {
		var id identifier
		if err := json.Unmarshal(raw, &id); err != nil {
			return nil
		}
		ids = []identifier{id}
	}
	out := make([]*Resource, 0, len(ids))
	for _, id := range ids {
		if res, ok := d.index[id]; ok {
			out = append(out, res)
		}
	}
	return out
}

// Stored returns the included resource of the given id whose type starts with typePrefix
// ("file--"), or nil: a record the document holds that a field names by id alone, outside any
// relationship.
func (d *Document) Stored(typePrefix, id string) *Resource {
	if id == "" {
		return nil
	}
	for key, r := range d.index {
		if key.ID == id && strings.HasPrefix(key.Type, typePrefix) {
			return r
		}
	}
	return nil
}

// RelatedIDs returns the ids a relationship names, whether or not they are included.
func (r *Resource) RelatedIDs(name string) []string {
	rel, ok := r.Relationships[name]
	if !ok {
		return nil
	}
	var ids []identifier
	if err := json.Unmarshal(rel.Data, &ids); err != nil {
		return nil
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, id.ID)
	}
	return out
}

// Attrs decodes the resource's attributes into a struct (or map) of the caller's choosing.
func (r *Resource) Attrs(into any) error {
	if len(r.Attributes) == 0 {
		return nil
	}
	if err := json.Unmarshal(r.Attributes, into); err != nil {
		return fmt.Errorf("attributes of %s %s: %w", r.Type, r.ID, err)
	}
	return nil
}
