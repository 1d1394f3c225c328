// Command settings changes the site settings an operator may change at run time, without a
// deploy: today the global login switch (spec 1 §1). It writes Firestore's settings/site, which
// every BFF replica re-reads within SETTINGS_TTL.
//
//	settings login off    # login, signup and reset show the offline message; sessions end
//	settings login on
//
// It finds Firestore as the BFF does: FIREBASE_PROJECT_ID, and FIRESTORE_EMULATOR_HOST offline.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/union-benefits/portal/bff/internal/firestore"
	"github.com/union-benefits/portal/bff/internal/portal"
)

func main() {
	if len(os.Args) != 3 || os.Args[1] != "login" || (os.Args[2] != "on" && os.Args[2] != "off") {
		fmt.Fprintln(os.Stderr, "usage: settings login on|off")
		os.Exit(2)
	}
	project := os.Getenv("FIREBASE_PROJECT_ID")
	if project == "" {
		project = "demo-union-benefits"
	}
	store, err := firestore.New(context.Background(), project, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "settings:", err)
		os.Exit(1)
	}
	defer store.Close()
	if err := store.SetSettings(context.Background(), portal.SiteSettings{LoginEnabled: os.Args[2] == "on"}); err != nil {
		fmt.Fprintln(os.Stderr, "settings:", err)
		os.Exit(1)
	}
	fmt.Println("login", os.Args[2])
}
