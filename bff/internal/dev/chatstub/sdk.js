// The chat provider stand-in's script (package chatstub). Like the provider's, it fills every
// element with a data-chat-hash attribute with the chat room's frame, and offers login and logout
// through window.chatProvider:
//   login({hash, username, password?, callback}): callback({status}) with pm.4 (in), pm.5 (in, a
//     moderator), or pm.2 (refused: a wrong moderator password);
//   logout({callback}): callback() whenever the person logs out inside the room.
// The room says a logout to the page as well, with the message 0 (a number).
(function () {
  if (window.chatProvider) return;
  var script = document.currentScript;
  var origin = new URL(script.src).origin;
  var frames = [];
  var logoutCallbacks = [];
  var pending = {};
  var seq = 0;

  function mount() {
    document.querySelectorAll('[data-chat-hash]').forEach(function (el) {
      if (el.querySelector('iframe[data-chat-room]')) return;
      var frame = document.createElement('iframe');
      frame.setAttribute('data-chat-room', '');
      frame.title = el.getAttribute('data-chat-title') || 'Chat';
      frame.src = origin + '/room?hash=' + encodeURIComponent(el.getAttribute('data-chat-hash')) +
        '&room=' + encodeURIComponent(el.getAttribute('data-chat-room') || '');
      frame.style.cssText = 'display:block;width:100%;height:100%;border:0';
      el.appendChild(frame);
      frames.push(frame);
    });
  }

  function send(msg) {
    frames.forEach(function (f) {
      if (f.isConnected && f.contentWindow) f.contentWindow.postMessage(msg, origin);
    });
  }

  window.addEventListener('message', function (e) {
    if (e.origin !== origin) return;
    if (e.data === 0) {
      logoutCallbacks.slice().forEach(function (cb) { cb(); });
      return;
    }
    if (e.data && e.data.type === 'chat-login-result' && pending[e.data.id]) {
      pending[e.data.id]({ status: e.data.status });
      delete pending[e.data.id];
    }
  });

  window.chatProvider = {
    mount: mount,
    login: function (opts) {
      mount();
      var id = ++seq;
      pending[id] = opts.callback || function () {};
      var message = { type: 'chat-login', id: id, hash: opts.hash, username: opts.username, password: opts.password || '' };
      // The room may still be loading: ask until it answers.
      var tries = 0;
      (function ask() {
        if (!pending[id] || tries++ > 50) return;
        send(message);
        setTimeout(ask, 100);
      })();
    },
    logout: function (opts) {
      if (opts && typeof opts.callback === 'function') logoutCallbacks.push(opts.callback);
    },
  };
  mount();
})();
