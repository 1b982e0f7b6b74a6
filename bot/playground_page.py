"""The playground's single page: a Telegram-like chat and a panel of Canon's state.

Kept as a Python string so it ships with the package without data-file setup.
The page polls ``/ui/chat`` and ``/ui/panel``; it posts ``/ui/say`` and ``/ui/tap``.
"""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canon playground</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:15px/1.35 -apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
 background:#0e1621;color:#f5f5f5;display:flex;height:100vh}
#chat{flex:1;display:flex;flex-direction:column;min-width:0;
 background:#0e1621 linear-gradient(160deg,#17212b 0%,#0e1621 100%)}
header{background:#17212b;padding:10px 16px;border-bottom:1px solid #0b1119;
 display:flex;align-items:center;gap:10px}
header .avatar{width:38px;height:38px;border-radius:50%;background:#5288c1;display:flex;
 align-items:center;justify-content:center;font-weight:700}
header .sub{font-size:12px;color:#6c7883}
#messages{flex:1;overflow-y:auto;padding:16px 12% 8px;display:flex;flex-direction:column;gap:6px}
.msg{max-width:75%;padding:7px 10px 6px;border-radius:12px;white-space:pre-wrap;
 word-wrap:break-word;position:relative}
.msg.bot{align-self:flex-start;background:#182533;border-bottom-left-radius:4px}
.msg.user{align-self:flex-end;background:#2b5278;border-bottom-right-radius:4px}
.msg .meta{font-size:11px;color:#6c7883;text-align:right;margin-top:2px}
.keyboard{display:flex;gap:4px;margin-top:6px}
.keyboard button{flex:1;background:#2b5278;color:#fff;border:0;border-radius:6px;
 padding:7px 6px;font:inherit;cursor:pointer}
.keyboard button:hover{background:#3a6a9a}
form{display:flex;background:#17212b;padding:8px 12%;gap:8px}
form input{flex:1;background:#242f3d;border:0;border-radius:18px;padding:10px 14px;
 color:#fff;font:inherit;outline:none}
form button{background:#5288c1;border:0;border-radius:18px;color:#fff;padding:0 18px;
 font:inherit;cursor:pointer}
aside{width:360px;background:#17212b;border-left:1px solid #0b1119;overflow-y:auto;
 padding:12px 14px;font-size:13px}
aside h2{font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#6c7883;
 margin:14px 0 6px}
aside .row{padding:4px 0;border-bottom:1px solid #202b36}
aside .k{color:#8fb3d9}.muted{color:#6c7883}
</style></head>
<body>
<section id="chat">
 <header><div class="avatar">C</div><div><div><b>Canon</b></div>
 <div class="sub">local playground · bot</div></div></header>
 <div id="messages" aria-live="polite"></div>
 <form id="composer"><input id="text" autocomplete="off"
  placeholder="Write a message… (try: We're in Tahoe)"><button>Send</button></form>
</section>
<aside>
 <h2>Beliefs</h2><div id="beliefs" class="muted">none yet</div>
 <h2>Pending prompts</h2><div id="pending" class="muted">none</div>
 <h2>Audit log</h2><div id="audit" class="muted">empty</div>
</aside>
<script>
const $ = (id) => document.getElementById(id);
let lastChat = "";
function el(tag, cls, text){const e=document.createElement(tag);
 if(cls)e.className=cls; if(text!==undefined)e.textContent=text; return e;}
async function post(url, body){
 const r = await fetch(url,{method:"POST",headers:{"Content-Type":"application/json"},
  body:JSON.stringify(body)}); return r.json();}
async function refreshChat(){
 const data = await (await fetch("/ui/chat")).json();
 const key = JSON.stringify(data); if(key===lastChat) return; lastChat = key;
 const box = $("messages"); box.textContent = "";
 for(const m of data.messages){
  const d = el("div","msg "+(m.from_bot?"bot":"user")); d.dataset.id = m.message_id;
  d.appendChild(el("div","text",m.text));
  for(const row of m.keyboard){const k=el("div","keyboard");
   for(const b of row){const btn=el("button","",b.text);
    btn.onclick=()=>post("/ui/tap",{message_id:m.message_id,data:b.callback_data}).then(tick);
    k.appendChild(btn);} d.appendChild(k);}
  d.appendChild(el("div","meta",m.edited?"edited":""));
  box.appendChild(d);}
 box.scrollTop = box.scrollHeight;}
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
  r.appendChild(el("span","",q.current+" → "+q.candidate+" ("+q.confidence+")"));
  r.appendChild(el("div","muted",q.status));},"none");
 rows("audit", p.audit, (r,a)=>{r.textContent=a;},"empty");}
async function tick(){try{await refreshChat(); await refreshPanel();}catch(e){}}
$("composer").onsubmit = async (ev) => {ev.preventDefault(); const t=$("text").value.trim();
 if(!t) return; $("text").value=""; await post("/ui/say",{text:t}); tick();};
setInterval(tick, 400); tick();
</script></body></html>
"""
