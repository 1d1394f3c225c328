package content

import (
	"context"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// The eligibility tables (spec 2 §2 'Eligibility pages', §3 'Eligibility row'): who in a
// member's family, and which places outside the US, each benefit program covers.

// eligibilityTitle names the reader's union in the tables' title and the public page's.
const eligibilityTitle = "Benefit Eligibility for %@ Members"

// The columns of each table, in the spec's order; the keys are cms.reshapeEligibility's.
var (
	usColumns = []EligibilityColumn{
		{Key: "children", Label: "Children"}, {Key: "spouse", Label: "Spouse"},
		{Key: "domesticPartner", Label: "Domestic Partner"}, {Key: "parent", Label: "Parent"},
		{Key: "widowWidower", Label: "Widow/Widower"}, {Key: "other", Label: "Other family"},
	}
	internationalColumns = []EligibilityColumn{
		{Key: "guam", Label: "Guam"}, {Key: "puertoRico", Label: "Puerto Rico"},
		{Key: "usVirginIslands", Label: "US Virgin Islands"}, {Key: "canada", Label: "Canada"},
	}
)

// Eligibility is the tables for the account tab: titled for the reader's union, the same rows
// for every union.
func (s *Service) Eligibility(ctx context.Context, r portal.Reader) (EligibilityResult, error) {
	var (
		global *portal.Variable
		unions portal.Unions
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { global, err = s.content.Variable(gctx, globalVariable); return })
	g.Go(func() (err error) { unions, err = s.content.Unions(gctx); return })
	if err := g.Wait(); err != nil {
		return EligibilityResult{}, err
	}
	doc, err := s.eligibility(ctx, global, unions.Find(r.Union).Ref())
	if err != nil {
		return EligibilityResult{}, err
	}
	return EligibilityResult{
		Document: doc,
		Tags:     []string{portal.EligibilityTag, portal.VariableTag(globalVariable), portal.TermTag("union")},
	}, nil
}

// eligibility builds the two tables: the records with isUs in the US one, those with
// isInternational in the other (a record may be in both), in the CMS's order, with their header
// and footer texts from the global variable.
func (s *Service) eligibility(ctx context.Context, global *portal.Variable, union *portal.UnionRef) (EligibilityDocument, error) {
	records, err := s.content.Eligibility(ctx)
	if err != nil {
		return EligibilityDocument{}, err
	}
	doc := EligibilityDocument{
		Title: strings.ReplaceAll(eligibilityTitle, "%@", unionName(union)),
		Union: union,
		US: EligibilityTable{
			Header: portal.RichText(global.String("us_header")), Footer: portal.RichText(global.String("us_footer")),
			Columns: usColumns, Rows: []EligibilityRow{},
		},
		International: EligibilityTable{
			Header: portal.RichText(global.String("international_header")), Footer: portal.RichText(global.String("international_footer")),
			Columns: internationalColumns, Rows: []EligibilityRow{},
		},
	}
	for _, rec := range records {
		if rec.IsUS {
			doc.US.Rows = append(doc.US.Rows, eligibilityRow(rec, usColumns))
		}
		if rec.IsInternational {
			doc.International.Rows = append(doc.International.Rows, eligibilityRow(rec, internationalColumns))
		}
	}
	return doc, nil
}

// eligibilityRow is a record's row in a table: its cells for that table's columns only.
func eligibilityRow(rec portal.EligibilityRecord, columns []EligibilityColumn) EligibilityRow {
	row := EligibilityRow{Title: rec.Title, Program: rec.Program, Cells: make(map[string]string, len(columns))}
	for _, c := range columns {
		row.Cells[c.Key] = strings.TrimSpace(rec.Cells[c.Key])
	}
	if b := rec.Benefit; b != nil && b.Path != "" {
		row.Benefit = &EligibilityLink{Title: b.Title, URL: portal.CleanPath(b.Path)}
	}
	return row
}
