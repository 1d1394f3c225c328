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
