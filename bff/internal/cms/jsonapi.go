package cms

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// document is a JSON:API top-level document. Data stays raw until the caller knows whether it
// asked for one resource or a collection.
type document struct {
	Data     json.RawMessage `json:"data"`
	Included []resource      `json:"included"`
	Links    map[string]any  `json:"links"`
	Meta     map[string]any  `json:"meta"`
	Errors   []apiError      `json:"errors"`

	index map[identifier]*resource // data and included, by type and id
}

// resource is one JSON:API resource object.
type resource struct {
	Type          string                  `json:"type"`
	ID            string                  `json:"id"`
	Attributes    json.RawMessage         `json:"attributes"`
	Relationships map[string]relationship `json:"relationships"`
	Links         map[string]any          `json:"links"`
}

// identifier is a resource linkage: the type and id of a resource.
type identifier struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// relationship holds its linkage raw: null, one identifier or a list.
type relationship struct {
	Data json.RawMessage `json:"data"`
}

// apiError is one entry of a JSON:API errors list.
type apiError struct {
	Status string `json:"status"`
	Code   string `json:"code"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
}

func (e apiError) String() string {
	return fmt.Sprintf("%s %s: %s", e.Status, e.Title, e.Detail)
}

// decodeDocument parses a JSON:API document and indexes its resources for relationship lookups.
func decodeDocument(body []byte) (*document, error) {
	var doc document
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("decode JSON:API document: %w", err)
	}
	if len(doc.Errors) == 0 && len(bytes.TrimSpace(doc.Data)) == 0 {
		return nil, errors.New("decode JSON:API document: neither data nor errors")
	}
	doc.index = make(map[identifier]*resource, len(doc.Included)+1)
	for i := range doc.Included {
		r := &doc.Included[i]
		doc.index[identifier{r.Type, r.ID}] = r
	}
	return &doc, nil
}

// one returns the document's primary data as a single resource. A missing type or id counts as
// not found, as the spec's content fetch rule says.
func (d *document) one() (*resource, error) {
	var r resource
	if err := json.Unmarshal(d.Data, &r); err != nil {
		return nil, fmt.Errorf("decode JSON:API data: %w", err)
	}
	if r.Type == "" || r.ID == "" {
		return nil, errMissingTypeOrID
	}
	d.index[identifier{r.Type, r.ID}] = &r
	return &r, nil
}

// many returns the document's primary data as a collection.
func (d *document) many() ([]resource, error) {
	var rs []resource
	if err := json.Unmarshal(d.Data, &rs); err != nil {
		return nil, fmt.Errorf("decode JSON:API collection: %w", err)
	}
	for i := range rs {
		d.index[identifier{rs[i].Type, rs[i].ID}] = &rs[i]
	}
	return rs, nil
}

// errMissingTypeOrID is a resource without its type or id: the CMS answered no usable resource.
var errMissingTypeOrID = errors.New("jsonapi: a resource lacks its type or id")

// related resolves a relationship to the included resources it names, in order. Linkage to a
// resource the document does not include is skipped: the CMS leaves out what the reader may not
// see, and a page should still render.
func (d *document) related(r *resource, name string) []*resource {
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
	out := make([]*resource, 0, len(ids))
	for _, id := range ids {
		if res, ok := d.index[id]; ok {
			out = append(out, res)
		}
	}
	return out
}

// relatedIDs returns the ids a relationship names, whether or not they are included.
func (r *resource) relatedIDs(name string) []string {
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

// attrs decodes the resource's attributes into a struct (or map) of the caller's choosing.
func (r *resource) attrs(into any) error {
	if len(r.Attributes) == 0 {
		return nil
	}
	if err := json.Unmarshal(r.Attributes, into); err != nil {
		return fmt.Errorf("attributes of %s %s: %w", r.Type, r.ID, err)
	}
	return nil
}
