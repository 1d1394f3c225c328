// Package revalidate asks the Next.js frontend to drop cached fetches by tag, after the CMS
// publish webhook purged the BFF's own cache.
package revalidate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client calls the frontend's POST /api/revalidate.
type Client struct {
	url    string
	secret string
	http   *http.Client
}

// New returns a Client for the frontend at baseURL, authenticating with secret.
func New(baseURL, secret string, timeout time.Duration) *Client {
	return &Client{url: baseURL + "/api/revalidate", secret: secret, http: &http.Client{Timeout: timeout}}
}

// Revalidate asks the frontend to revalidate tags.
func (c *Client) Revalidate(ctx context.Context, tags []string) error {
	body, err := json.Marshal(map[string][]string{"tags": tags})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.secret)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("revalidate: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("revalidate: frontend answered %s", resp.Status)
	}
	return nil
}
