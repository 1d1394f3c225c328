package mailtest

import (
	"bufio"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
)

// Received is one message an SMTP server took.
type Received struct {
	From string
	To   []string
	Msg  *mail.Message // parsed; its Body is read
	Body string
}

// SMTPServer is a plain SMTP server on a loopback port for tests: enough of RFC 5321 for
// net/smtp (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), no TLS, no AUTH.
type SMTPServer struct {
	Addr string
	// Reply, if set, answers the end of a message's DATA instead of 250 (e.g. "451 try later"):
	// the message is then not kept.
	Reply func(n int) string

	ln   net.Listener
	mu   sync.Mutex
	msgs []Received
	wg   sync.WaitGroup
}

// StartSMTP starts a server, stopped when the test ends.
func StartSMTP(t testing.TB) *SMTPServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &SMTPServer{Addr: ln.Addr().String(), ln: ln}
	s.wg.Add(1)
	go s.accept()
	t.Cleanup(func() { _ = ln.Close(); s.wg.Wait() })
	return s
}

// URL is the server's SMTP_URL.
func (s *SMTPServer) URL() string { return "smtp://" + s.Addr }

// Messages are the messages taken so far.
func (s *SMTPServer) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.msgs...)
}

func (s *SMTPServer) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer c.Close()
			s.serve(c)
		}()
	}
}

func (s *SMTPServer) serve(c net.Conn) {
	r := bufio.NewReader(c)
	say := func(line string) { _, _ = c.Write([]byte(line + "\r\n")) }
	say("220 mailtest ready")
	var from string
	var to []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		verb := strings.ToUpper(strings.Fields(line + " x")[0])
		arg := strings.TrimSpace(line[min(len(line), len(verb)):])
		switch verb {
		case "EHLO", "HELO":
			say("250-mailtest")
			say("250 8BITMIME")
		case "MAIL":
			from, to = angled(arg), nil
			say("250 ok")
		case "RCPT":
			to = append(to, angled(arg))
			say("250 ok")
		case "DATA":
			say("354 go ahead")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			s.mu.Lock()
			n := len(s.msgs)
			reply := "250 queued"
			if s.Reply != nil {
				if r := s.Reply(n); r != "" {
					reply = r
				}
			}
			if strings.HasPrefix(reply, "250") {
				raw := b.String()
				msg, _ := mail.ReadMessage(strings.NewReader(raw))
				body := ""
				if msg != nil {
					_, body, _ = strings.Cut(raw, "\r\n\r\n")
				}
				s.msgs = append(s.msgs, Received{From: from, To: to, Msg: msg, Body: body})
			}
			s.mu.Unlock()
			say(reply)
		case "RSET", "NOOP":
			say("250 ok")
		case "QUIT":
			say("221 bye")
			return
		default:
			say("502 not implemented")
		}
	}
}

// angled is the <path> of a MAIL FROM or RCPT TO argument.
func angled(arg string) string {
	_, rest, _ := strings.Cut(arg, "<")
	path, _, _ := strings.Cut(rest, ">")
	return path
}
