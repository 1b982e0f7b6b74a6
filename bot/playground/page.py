"""The playground's single page: a Telegram-like chat and a panel of Canon's state.

Kept as a Python string so it ships with the package without data-file setup.
The page polls ``/ui/chat`` and ``/ui/panel``; it posts ``/ui/say`` and ``/ui/tap``. It is
opened with this start's key in its address (``page_key``), kept in a cookie from then on.
"""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canon playground</title>
<style>
*{box-sizing:border-box}
/* System fonts only (nothing from the network); the colour-emoji fonts come last so
   letters use the text font and the bot's ✅ ❌ ✏️ ⚠️ still render in colour. */
body{margin:0;font:15px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",
 "DejaVu Sans",sans-serif,"Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji";
 background:#0e1621;color:#f5f5f5;display:flex;height:100vh;height:100dvh;overflow:hidden}
#chat{flex:1;display:flex;flex-direction:column;min-width:0;min-height:0;
 background:#0e1621 linear-gradient(160deg,#17212b 0%,#0e1621 100%)}
header{background:#17212b;padding:10px 16px;border-bottom:1px solid #0b1119;
 display:flex;align-items:center;gap:10px}
header .avatar{width:38px;height:38px;border-radius:50%;background:#5288c1;display:flex;
 align-items:center;justify-content:center;font-weight:700;flex:none}
header .title{flex:1;min-width:0}
header .sub{font-size:12px;color:#6c7883}
#panel-toggle{display:none;background:#242f3d;color:#8fb3d9;border:0;border-radius:16px;
 padding:7px 14px;font:inherit;font-size:13px;cursor:pointer;flex:none}
#messages{flex:1;min-height:0;overflow-y:auto;overflow-x:hidden;padding:16px 12% 8px;display:flex;
 flex-direction:column;gap:6px}
.msg{max-width:75%;padding:7px 10px 6px;border-radius:12px;white-space:pre-wrap;
 overflow-wrap:anywhere;position:relative}
.msg.bot{align-self:flex-start;background:#182533;border-bottom-left-radius:4px}
.msg.user{align-self:flex-end;background:#2b5278;border-bottom-right-radius:4px}
.msg .meta{font-size:11px;color:#6c7883;text-align:right;margin-top:2px}
.msg img.photo{display:block;max-width:100%;height:auto;border-radius:8px;margin-bottom:4px;
 background:#fff}
.msg:has(.keyboard){min-width:min(240px,100%)}
.keyboard{display:flex;gap:4px;margin-top:6px;flex-wrap:wrap}
.keyboard button{flex:1;background:#2b5278;color:#fff;border:0;border-radius:6px;
 padding:7px 6px;font:inherit;cursor:pointer}
.keyboard button:hover{background:#3a6a9a}
#alerts{padding:0 12%}
#alerts div{background:#4a1f24;color:#ffd0d0;border-left:3px solid #e5484d;border-radius:6px;
 padding:8px 10px;margin:6px 0;font-size:14px;overflow-wrap:anywhere}
form{display:flex;background:#17212b;padding:8px 12%;gap:8px}
form input{flex:1;min-width:0;background:#242f3d;border:0;border-radius:18px;padding:10px 14px;
 color:#fff;font:inherit;outline:none}
form button{background:#5288c1;border:0;border-radius:18px;color:#fff;padding:0 18px;
 font:inherit;cursor:pointer;flex:none}
aside{width:360px;flex:none;background:#17212b;border-left:1px solid #0b1119;overflow-y:auto;
 padding:12px 14px;font-size:13px;overflow-wrap:anywhere}
aside h2{font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#6c7883;
 margin:14px 0 6px}
aside .row{padding:4px 0;border-bottom:1px solid #202b36}
aside .k{color:#8fb3d9}.muted{color:#6c7883}
/* A phone: the chat takes the whole width; the panel is one tap away, full width. */
@media (max-width:720px){
 body{flex-direction:column}
 #panel-toggle{display:block}
 #messages{padding:12px 10px 8px}
 #alerts{padding:0 10px}
 form{padding:8px 10px}
 .msg{max-width:88%}
 aside{display:none;width:auto;flex:1;border-left:0;border-top:1px solid #0b1119}
 body.panel-open aside{display:block}
 body.panel-open #messages,body.panel-open #alerts,body.panel-open form{display:none}
 body.panel-open #chat{flex:none}
}
</style></head>
<body>
<section id="chat">
 <header><div class="avatar">C</div><div class="title"><div><b>Canon</b></div>
 <div class="sub">local playground · bot</div></div>
 <button id="panel-toggle" type="button" aria-controls="panel" aria-expanded="false">
 State</button></header>
 <div id="messages" aria-live="polite"></div>
 <div id="alerts" role="alert"></div>
 <form id="composer"><input id="text" autocomplete="off" aria-label="Message"
  placeholder="Write a message… (try: We're in Tahoe)"><button>Send</button></form>
</section>
<aside id="panel">
 <h2>Beliefs</h2><div id="beliefs" class="muted">none yet</div>
 <h2>Pending prompts</h2><div id="pending" class="muted">none</div>
 <h2>Audit log</h2><div id="audit" class="muted">empty</div>
</aside>
<script>
const $ = (id) => document.getElementById(id);
let lastChat = "";
// What the page shows in red: a refused send, the server gone, the bot not answering.
const alerts = {send: "", server: "", bot: "", refused: ""};
let refusedSeen = -1;
function el(tag, cls, text){const e=document.createElement(tag);
 if(cls)e.className=cls; if(text!==undefined)e.textContent=text; return e;}
function alert_(kind, text){if(alerts[kind]===text) return; alerts[kind]=text;
 const box=$("alerts"); box.textContent="";
 for(const t of Object.values(alerts)) if(t) box.appendChild(el("div","",t));}
async function post(url, body){
 let r;
 try{r = await fetch(url,{method:"POST",headers:{"Content-Type":"application/json"},
  body:JSON.stringify(body)});}
 catch(e){alert_("server", SERVER_GONE); return {ok:false};}
 let data; try{data = await r.json();}catch(e){data = {ok:false};}
 alert_("send", data.ok ? "" : (data.error || "The playground refused that ("+r.status+")."));
 return data;}
const SERVER_GONE = "Can't reach the playground: is `canon bot` still running? "
 + "Restart it (make run) and reload this page.";
const BOT_STALLED = "The bot hasn't picked up your message yet. It is kept and will be "
 + "answered when the bot is back; check the terminal running `canon bot`.";
const KEY_REFUSED = "This page's key is not this playground's (was `canon bot` restarted?): "
 + "open the address `canon bot` printed, with its ?key=.";
// The key came in the address and is kept in a cookie now: out of the address bar.
if(new URLSearchParams(location.search).has("key")) history.replaceState(null, "", "/");
async function refreshChat(){
 const r = await fetch("/ui/chat");
 if(r.status === 403){alert_("server", KEY_REFUSED); return false;}
 const data = await r.json();
 alert_("bot", data.stalled ? BOT_STALLED : "");
 if(refusedSeen < 0) refusedSeen = data.refused.length;
 if(data.refused.length > refusedSeen){refusedSeen = data.refused.length;
  alert_("refused", "A reply from the bot could not be delivered: "
   + data.refused[data.refused.length-1]);}
 const key = JSON.stringify(data.messages); if(key===lastChat) return true; lastChat = key;
 const box = $("messages"); box.textContent = "";
 for(const m of data.messages){
  const d = el("div","msg "+(m.from_bot?"bot":"user")); d.dataset.id = m.message_id;
  // A chart grows its bubble when it has loaded (after the page opens): stay at the bottom.
  if(m.photo){const img=el("img","photo"); img.onload=()=>{box.scrollTop=box.scrollHeight;};
   img.src=m.photo; img.alt="chart"; d.appendChild(img);}
  if(!m.photo || m.text) d.appendChild(el("div","text",m.text));
  for(const row of m.keyboard){const k=el("div","keyboard");
   for(const b of row){const btn=el("button","",b.text);
    btn.onclick=()=>post("/ui/tap",{message_id:m.message_id,data:b.callback_data}).then(tick);
    k.appendChild(btn);} d.appendChild(k);}
  d.appendChild(el("div","meta",m.edited?"edited":""));
  box.appendChild(d);}
 box.scrollTop = box.scrollHeight; return true;}
function rows(target, items, fmt, empty){const box=$(target); box.textContent="";
 box.className = items.length ? "" : "muted";
 if(!items.length){box.textContent=empty; return;}
 for(const it of items){const r=el("div","row"); fmt(r,it); box.appendChild(r);}}
async function refreshPanel(){
 const p = await (await fetch("/ui/panel")).json();
 rows("beliefs", p.beliefs, (r,b)=>{r.appendChild(el("span","k",b.field+" "));
  r.appendChild(el("span","",String(b.value)));
  r.appendChild(el("div","muted",b.entity+" · "+b.source+" · "+b.age));},"none yet");
 rows("pending", p.pending, (r,q)=>{r.appendChild(el("span","k",q.field+" "));
  // What the files said: the question, then a finding a line.
  if(q.lines){r.appendChild(el("span","",q.candidate));
   for(const line of q.lines) r.appendChild(el("div","",line));}
  else r.appendChild(el("span","",q.current+" → "+q.candidate+" ("+q.confidence+")"));
  r.appendChild(el("div","muted",q.status));},"none");
 rows("audit", p.audit, (r,a)=>{r.textContent=a;},"empty");}
async function tick(){
 try{if(!await refreshChat()) return; await refreshPanel(); alert_("server", "");}
 catch(e){alert_("server", SERVER_GONE);}}
$("composer").onsubmit = async (ev) => {ev.preventDefault(); const t=$("text").value.trim();
 if(!t) return; alert_("refused", "");
 // The text stays in the box until the playground took it: a refused message is not lost.
 const r = await post("/ui/say",{text:t}); if(r.ok) $("text").value=""; tick();};
$("panel-toggle").onclick = () => {const open = document.body.classList.toggle("panel-open");
 $("panel-toggle").setAttribute("aria-expanded", String(open));
 $("panel-toggle").textContent = open ? "Chat" : "State";};
setInterval(tick, 400); tick();
</script></body></html>
"""
