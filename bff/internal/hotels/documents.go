package hotels

// HotelLocation is one suggestion of the hotel search box's location autocomplete (spec 3 §3
// 'Hotel search item'): the hotel partner's id of a place, its name, its state or province and
// its kind (a city, an airport, a hotel, ...), which the results link names as destinationType.
type HotelLocation struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	State string `json:"state,omitempty"`
	Type  string `json:"type"`
}

// HotelLocationList is the autocomplete's answer: the suggestions, best first; none when nothing
// matches or the partner did not answer.
type HotelLocationList struct {
	Items []HotelLocation `json:"items"`
}
