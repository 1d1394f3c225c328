// A stand-in for the chat assistant's vendor script in development and tests: it only adds a small
// 'Chat with us' button (which does nothing) and says it ran. The real script's address comes from
// CHATBOT_SCRIPT_URL. The app takes the script and the button out again when the member signs out.
(function () {
  window.__chatbot = true;
  if (document.getElementById('chatbot-launcher')) return;
  var button = document.createElement('button');
  button.id = 'chatbot-launcher';
  button.type = 'button';
  button.textContent = 'Chat with us';
  button.style.cssText = [
    'position:fixed',
    'right:20px',
    'bottom:20px',
    'z-index:900',
    'min-height:44px',
    'padding:10px 18px',
    'border:0',
    'border-radius:999px',
    'background:#0b1f3a',
    'color:#fff',
    'font:700 15px/1.2 system-ui,sans-serif',
    'box-shadow:0 6px 18px rgb(11 31 58 / 30%)',
    'cursor:pointer',
  ].join(';');
  document.body.appendChild(button);
})();
