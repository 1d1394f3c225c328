package portal

// EligibilityRecord is one row of the eligibility tables as the CMS keeps it (spec 2 §3
// 'Eligibility row'): which family relationships and which places outside the US a benefit
// program covers, each cell the CMS's text ("Yes", "No", "Dependent children", ...).
type EligibilityRecord struct {
	Title   string
	Program string
	Benefit *NodeRef
	// Cells by column key: children, spouse, domesticPartner, parent, widowWidower, other, guam,
	// puertoRico, usVirginIslands, canada.
	Cells           map[string]string
	IsUS            bool
	IsInternational bool
}

// EligibilityDocument is the two tables, titled for a union (contracts: EligibilityDocument).
type EligibilityDocument struct {
	Title         string           `json:"title"`
	Union         *UnionRef        `json:"union,omitempty"`
	US            EligibilityTable `json:"us"`
	International EligibilityTable `json:"international"`
}

// EligibilityResult is the tables and the tags of what they were built from, for the cache.
type EligibilityResult struct {
	Document EligibilityDocument
	Tags     []string
}

// EligibilityTable is one table: its disclaimers, its columns and its rows.
type EligibilityTable struct {
	Header  HTML                `json:"header,omitzero"`
	Footer  HTML                `json:"footer,omitzero"`
	Columns []EligibilityColumn `json:"columns"`
	Rows    []EligibilityRow    `json:"rows"`
}

// EligibilityColumn is a column: its key in a row's cells and its heading.
type EligibilityColumn struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// EligibilityRow is a program's row.
type EligibilityRow struct {
	Title   string            `json:"title"`
	Program string            `json:"program"`
	Benefit *EligibilityLink  `json:"benefit,omitempty"`
	Cells   map[string]string `json:"cells"`
}

// EligibilityLink is the benefit page a row names.
type EligibilityLink struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}
