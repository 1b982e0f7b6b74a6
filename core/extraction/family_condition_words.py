"""More of the ways people say how a family member is doing, beside ``family_status``.

``family_status`` reads the common shapes ("is sick", "has the flu", "is feeling better").
This module adds the words carers, nurses' handovers and chat use for the same states:

- where in a hospital someone is ("in A&E", "on the ward", "moved to ward 7", "on a drip",
  "warded at SGH" in Singapore and Malaysia, "admitted to St Thomas'", isolating);
- a long-term condition flaring up ("his asthma is playing up", "her eczema's flared up",
  "is having a flare"), or being in agony: sick now, though the condition alone is not;
- being on the way back ("much brighter today", "turning the corner", "over the worst",
  "fever-free", "back on her feet", "the baby's temp is down", "recovering from a
  concussion"): well;

and the chat and learner spellings of these words are written out first
(``family_status_spellings``).
"""

from __future__ import annotations

from core.extraction.family_plain_states import plain_state
from core.extraction.word_gates import gated

_COPULA = (
    r"(?:is|are|'s|was|were|has\s+been|have\s+been|'s\s+been|seems?|looks?|"
    # "she's ended up in intensive care", "he's landed up in A&E": where it led.
    r"(?:has|have|'s|'ve)\s+(?:ended|landed|wound)\s+up)"
)
_LEAD = r"^\s*(?:(?:just|still|now|finally|currently|already|also|both|all|keeps|kept)\s+)*"

_IN_CARE = gated(
    _LEAD + rf"(?:{_COPULA}\s+)?(?:(?:still|now|currently|back|just|both|all)\s+)*"
    r"(?:(?:in|at)\s+(?:the\s+)?(?:a\s*(?:&|and|n)\s*e|resus|intensive\s+care|critical\s+care|hdu|"
    r"high\s+dependency|emergency(?:\s+room)?(?!\s+(?:vets?|veterinary|animal)\b)|urgent\s+care|casualty)|"
    r"on\s+(?:the\s+|a\s+)?(?:[a-z]+\s+)?ward\b|on\s+ward\s+\w+|"
    # "He's in the Royal now", "in the General since Friday": a hospital by its British
    # name (not the Royal Oak, the Royal Mail).
    r"in\s+the\s+(?:royal|general|infirmary)\b(?!\s+(?:oak|albert|mail|navy|mint|opera|court|"
    r"family|society|academy|air|marines|exchange|festival|hall|box|theatre|shakespeare|"
    # "in the general area of the car park": no hospital either.
    r"area|election|knowledge|public|direction|vicinity|manager|store|practitioner))|"
    r"on\s+(?:a\s+|the\s+)?(?:drip|ventilator|oxygen|heart\s+monitor|iv)\b|"
    # A course of medicine for an infection: "on antibiotics for a UTI now", "started on
    # IV antibiotics", "on a course of amoxicillin" (not "off antibiotics").
    r"(?:(?:been\s+|got\s+|was\s+)?started\s+(?=(?:antibiotics|amoxicillin|penicillin|antivirals)\b)|"
    r"(?:(?:been\s+|got\s+|was\s+)?(?:started|put)\s+)?on\s+)(?:the\s+|his\s+|her\s+|their\s+)?"
    r"(?:a\s+course\s+of\s+|(?:iv|oral|strong)\s+)?"
    r"(?:antibiotics|amoxicillin|penicillin|antivirals|tamiflu|steroids\s+for)\b|"
    r"(?:been\s+|got\s+|was\s+|were\s+)?(?:moved|transferred|taken\s+up)\s+(?:up\s+)?to\s+(?:the\s+|a\s+)?"
    # "transferred to the Royal", "moved to the General": a hospital by its British name.
    r"(?:ward\s+\w+|royal|general|infirmary|hospice|(?:[a-z.']+\s+){0,2}(?:hospital|infirmary)\b|(?:[a-z]+\s+)?ward\b|icu|intensive\s+care|hdu|high\s+dependency|"
    r"critical\s+care)|"
    r"(?:got\s+|been\s+|was\s+|were\s+)?warded\b|"
    r"(?:been\s+|got\s+|was\s+|were\s+)?admitted\s+(?:to|in|into|at)\s+(?:the\s+)?"
    r"(?:icu|a\s*(?:&|and|n)\s*e|er|intensive\s+care|hdu|(?:st|st\.|saint)\s+[a-z']+)|"
    # "my mum's in surgery", "dad's having an operation today", "is in theatre"
    r"in\s+(?:surgery|theatre|the\s+operating\s+room)|having\s+(?:(?:an|his|her|the)\s+)?"
    r"(?:operation|op|surgery)\b|"
    # "admitted at Lagos Island General", "admitted to the Royal Infirmary"
    r"(?:been\s+|got\s+|was\s+|were\s+)?admitted\s+(?:to|in|into|at)\s+(?:the\s+)?(?:[a-z.'&-]+\s+){0,3}?"
    r"(?:general|royal|memorial|infirmary|clinic|hospice)\b|"
    # Sent home from school or daycare ill (not "sent home from the hospital": discharged).
    r"(?:been\s+|got\s+|was\s+|were\s+)?sent\s+home\s+(?:early\s+)?(?:from\s+(?!(?:the\s+)?"
    r"(?:hospital|er|icu|ward)\b)\w+\s+)?(?:with\s+|sick\b|ill\b|poorly\b)|"
    # Grave: "is dying", "in a critical condition", "seriously ill".
    r"dying\b|(?:in\s+(?:a\s+)?)?(?:critical|serious|stable)\s+(?:but\s+\w+\s+)?condition|"
    r"critically\s+ill|terminally\s+ill|gravely\s+ill|seriously\s+ill|"
    # Diagnosed with an illness; a lifelong condition is no status ("diagnosed with ADHD").
    r"(?:been\s+|was\s+|got\s+)?(?:just\s+|recently\s+|finally\s+)?diagnosed\s+with\s+(?!(?:asthma|"
    r"diabetes|type\s+\d|adhd|add|autism|asd|dyslexia|dyspraxia|epilepsy|coeliac|celiac|eczema|"
    r"allergies|an?\s+allergy|a\s+learning)\b)[a-z]|"
    # "signed off work with stress", "signed off sick for two weeks"
    r"(?:been\s+|got\s+|was\s+)?signed\s+off\s+(?:work\s+|sick\b)|"
    # A status line: "twins both off nursery with conjunctivitis".
    r"(?:both\s+|all\s+)?(?:off|home|out)\s+(?:of\s+|from\s+)?(?:school|nursery|daycare|preschool|"
    r"work|college|uni)\s+(?:(?:today|again|tomorrow|this\s+week|all\s+week|"
    # "off school for three weeks with glandular fever": how long, then what with.
    r"for\s+(?:the\s+(?:last|past)\s+)?(?:a|an|one|two|three|four|five|six|a\s+few|\d+)\s+"
    r"(?:days?|weeks?|months?))\s+)?"
    r"(?:sick|ill|poorly|unwell|with\s+(?!(?:their|his|her|my|our|friends|family|"
    r"us|me|dad|mum|mom)\b)\w)|"
    r"under\s+observation|in\s+(?:agony|a\s+lot\s+of\s+pain|so\s+much\s+pain)|"
    # "Poppy has come out in a rash", "came out in hives": a rash that appeared.
    r"(?:has\s+|have\s+)?(?:come|came)\s+out\s+in\s+(?:a\s+|an\s+)?(?:\w+\s+)?(?:rash|spots|hives|blisters)\b|"
    # A hospital's units by what they treat: "in the stroke unit", "taken into the cardiac
    # ward", "moved out of ICU onto a normal ward", "in NICU".
    r"(?:(?:been\s+|got\s+|was\s+|were\s+)?(?:taken|moved|transferred|rushed|admitted)\s+"
    r"(?:(?:out\s+of|from)\s+(?:the\s+)?(?:icu|hdu|intensive\s+care|resus|a\s*(?:&|and|n)\s*e)\s+)?"
    r"(?:in|into|onto|to)|in|on)\s+(?:the\s+|a\s+)?"
    r"(?:(?:(?:normal|general|regular|medical|surgical|stroke|cardiac|coronary|"
    r"oncology|cancer|burns|renal|respiratory|neuro|orthopaedic|orthopedic|psych(?:iatric)?|"
    r"acute|assessment)\s+){1,2}(?:unit|ward)|ccu|nicu|picu|scbu)\b|"
    # Kept in by the hospital: "he's been kept in for observation", "kept in overnight".
    r"(?:been\s+|got\s+|was\s+|were\s+|being\s+)?kept\s+in\s+(?:(?:the\s+)?hospital\s+)?"
    r"(?:for\s+(?:observation|obs|tests|monitoring|another\s+night|a\s+few\s+days)|overnight|"
    r"again)\b|"
    # Laid up or off their feet, whatever with: "laid up with his back", "off her feet with
    # a migraine".
    r"(?:been\s+)?laid\s+up\b|off\s+(?:his|her|their|my)\s+feet\s+with\b|"
    # Lying ill, as letters say it: "lies now in the hospital at Leeds", "lying ill in bed".
    r"(?:lies|lay|lying|laid)\s+(?:(?:now|still|very|gravely|seriously)\s+)*(?:ill\s+|sick\s+)?"
    r"in\s+(?:(?:the|a)\s+)?(?:hospital|infirmary|bed\b(?=\s+with)|sickbed|icu)\b|"
    r"(?:lies|lay|lying)\s+(?:(?:now|still|very|gravely|seriously)\s+)*(?:ill|sick)\b|"
    # Kept in bed or sectioned: "on bed rest", "bed-bound", "keeps to her bed", "post-op".
    r"on\s+(?:strict\s+)?bed\s*rest\b|bed-?bound\b|keeps?\s+to\s+(?:her|his|their)\s+bed\b|"
    r"post-?op\b|(?:been\s+|was\s+|got\s+)?sectioned\b|tested\s+positive\b(?!\s+for\s+"
    r"(?:antibodies|pregnancy))|"
    # Kept up by an illness: "the baby's been up all night with colic", "up half the night
    # coughing".
    # "has been up with a cough all week": kept up, the night left unsaid.
    r"(?:been\s+)?up\s+(?:(?:all|half\s+the|most\s+of\s+the)\s+night\s+)?(?:with\s+(?:a\s+|the\s+|her\s+|"
    r"his\s+)?(?:colic|fever|temp|temperature|cough|croup|earache|ear\s+ache|tummy\s+ache|"
    r"sickness|vomiting|diarrh?o?ea|a\s+bug|the\s+bug)|coughing|vomiting|being\s+sick|throwing\s+up)\b|"
    # How a carer or a parent says a body is off: "a bit wheezy", "snuffly", "off colour".
    # A note's "v" is "very": "v confused at 3am".
    r"(?:(?:a\s+(?:bit|little)|very|v|quite|really|so|pretty|rather|bit)\s+)?(?:wheezy|snuffly|snotty|"
    r"bunged\s+up|congested|off\s+colou?r|run\s+down|out\s+of\s+sorts|grotty|achy|headachy|"
    r"queasy|lethargic|breathless|clammy|feverish|delirious|dehydrated|groggy|drowsy|"
    r"confused|muddled|disorientated|disoriented|sleepy|agitated|distressed|tearful|restless)\b|"
    # A carer's night: "poor night, up x4", "had a restless night" (a "rough" or "bad"
    # night may be a baby or a hangover).
    r"(?:had\s+|has\s+had\s+)?(?:a\s+)?(?:(?:very|v|really|quite)\s+)?(?:poor|restless|unsettled|"
    r"disturbed)\s+night\b"
    r"(?!\s+(?:with\s+the|because|cos|due|thanks)\b)|"
    # Not eating, or turning food and medicine away: "refused lunch", "refusing her meds".
    r"(?:has\s+|had\s+)?(?:refused|refusing|declined|declining)\s+(?:(?:his|her|their|all|any)\s+)?"
    r"(?:lunch|breakfast|dinner|tea|supper|food|meals?|meds|medication|tablets|fluids|drinks?)\b|"
    r"(?:not|hasn't\s+been|isn't|barely|hardly)\s+eating\b|"
    # Not eating, the carer's way: "off his food", "gone off her food again".
    r"(?:(?:gone|going|been|still)\s+)?off\s+(?:his|her|their|my)\s+(?:food|feed|feeds|milk)\b|"
    # Feeling rough, in a bad way, not great: "my wife's feeling rough today".
    r"(?:(?:still|really|pretty|so|very)\s+)?feeling\s+(?:(?:really|pretty|so|very|quite|a\s+bit)\s+)?"
    r"(?:rough|awful|terrible|crap|crappy|rubbish|horrible|dreadful|lousy|ropey|ropy|grim|"
    r"poorly|sick|ill|unwell|dizzy|faint)\b(?!\s+(?:of|about|that|with\s+(?:worry|nerves))\b)|"
    r"in\s+a\s+(?:really\s+|pretty\s+)?bad\s+way\b|"
    # Not eating, said with its perfect: "Gran's not eaten since yesterday".
    r"(?:(?:has|had|'s)\s+)?(?:not|hasn't|has\s+not|hardly|barely)\s+(?:eaten|been\s+eating|touched\s+(?:his|her|their)\s+food)\b|"
    r"not\s+(?:been\s+)?(?:(?:so|too|very|that)\s+)?(?:great|good|well|grand|himself|herself)(?=\s*(?:$|[,.;!]|today|"
    r"tonight|this\s+(?:morning|week|evening|afternoon)|at\s+all|again|lately|since|all\s+(?:week|day|weekend)|recently))|"
    # Gone or rushed in: "mum's gone into hospital", "he's been rushed in".
    r"(?:(?:has|have)\s+)?gone\s+(?:back\s+)?in(?:to)?\s+(?:(?:the\s+)?hospital|a\s*(?:&|and|n)\s*e|icu)\b|"
    r"(?:been\s+|got\s+|was\s+)?(?:rushed|taken|blue-?lighted)\s+(?:back\s+)?in(?=\s*(?:$|[,.;!]|"
    r"again|last\s+night|this\s+morning|overnight|today|tonight|yesterday|by\s+ambulance))|"
    # Rushed in with what ails them, in the passive: "mum was rushed in with her appendix",
    # "he's been taken in with chest pains" (not "she rushed in with the shopping").
    r"(?:been|got|was|were)\s+(?:rushed|taken|blue-?lighted)\s+(?:back\s+)?in\s+with\b|"
    # Going down: "has been failing since the autumn", "he's really gone downhill".
    r"(?:(?:has|have)\s+)?(?:really\s+|badly\s+)?(?:gone|going|went)\s+downhill\b|"
    r"(?:deteriorating|declining)\b|"
    r"failing(?=\s*(?:$|[,.;!]|since|fast|badly))|"
    # A runny nose with it: "teething and has a runny nose".
    r"(?:has|got|has\s+got|'s\s+got)\s+(?:a\s+)?(?:runny|stuffy|blocked|snotty)\s+nose\b|"
    # Admitted at a hospital named by its letters: "admitted at LUTH since Tuesday".
    # Indian English says it with "in": "Amma is admitted in Apollo since last night".
    r"(?:been\s+|got\s+|was\s+|were\s+)?admitted\s+(?:at|in)\s+(?:the\s+)?"
    r"(?!(?:college|school|university|uni|class|iit|nit)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+"
    r"(?:since|from|yesterday|today|last\s+night|this\s+morning|for\s+(?:the\s+)?(?:last|past|\d|two|"
    r"three|a\s+few))\b|"
    # "complaining of chest pain", "complaining of feeling dizzy": a symptom told to a carer.
    r"complaining\s+of\s+(?:(?:chest|tummy|stomach|back|head|ear|leg|hip)\s+)?(?:pains?|aches?|"
    r"(?:ear|head|tummy|stomach|tooth|back)\s*aches?|(?:a\s+)?sore\s+(?:throat|tummy|ear|head)|"
    r"feeling\s+(?:dizzy|sick|faint|unwell)|dizziness|nausea|breathlessness)|"
    # Kept apart with an infection: "she's isolating in the spare room", "in quarantine".
    r"(?:self[- ])?isolating\b|in\s+(?:isolation|quarantine)\b)"
)
"""In a hospital by its parts, or in great pain: sick now."""

_CONDITIONS = (
    r"asthma|eczema|arthritis|crohn'?s|colitis|ibs|psoriasis|gout|back|sciatica|migraines?|"
    r"epilepsy|lupus|ms|endo(?:metriosis)?|allergies|hay\s*fever|copd|angina|heart|knee|hip"
)
_FLARE = gated(
    rf"^\s*'s\s+(?:{_CONDITIONS})\s+(?:(?:is|'s|has|keeps|really|been)\s+)*(?:(?:badly|really)\s+)?"
    r"(?:playing\s+up|acting\s+up|flaring(?:\s+up)?|flared(?:\s+up)?|(?:bad|awful|terrible)\s+again|"
    r"(?:much\s+|a\s+lot\s+|way\s+)?worse)\b|"
    + _LEAD
    + rf"(?:{_COPULA}\s+)?(?:having|had)\s+(?:a\s+|another\s+)?(?:(?:bad|nasty|big|major)\s+)?"
    r"(?:flare(?:[- ]up)?|relapse|(?:asthma|panic|gout|migraine)\s+attack|seizures?|fits?)\b"
)
"""A long-term condition flaring, or an attack now: "his asthma is playing up"."""

_ON_THE_MEND = gated(
    _LEAD + rf"(?:{_COPULA}\s+)?(?:(?:much|a\s+lot|so\s+much|loads|way|finally|definitely|"
    r"already|now|today|slowly)\s+)*"
    r"(?:(?:feeling|looking|seeming)\s+(?:(?:a\s+lot|much|so\s+much|loads|way)\s+)?)?"
    r"(?:brighter|perkier|more\s+like\s+(?:him|her|them)sel(?:f|ves)|more\s+(?:him|her)self|"
    # A carer's "bright" keeps company ("bright and chatty", "bright, chatty, walked…") or
    # a day ("bright this morning"); alone it may be a clever child.
    r"bright(?:\s+and|,)\s+(?:chatty|alert|cheerful|smiley|smiling|talkative|eating)|"
    r"bright\s+(?:today|this\s+(?:morning|afternoon|evening)|in\s+(?:him|her)self)|"
    r"chatty\s+and\s+(?:bright|alert|cheerful)|"
    # A carer's note: "more alert this morning", "more settled today".
    r"more\s+(?:alert|awake|responsive|settled|comfortable|chatty|mobile)|"
    r"back\s+on\s+(?:his|her|their)\s+feet|on\s+the\s+up|(?:out\s+of\s+bed\s+and\s+)?up\s+and\s+about|picking\s+up|perking\s+up|"
    r"turning\s+the\s+corner|(?:has\s+|have\s+)?turned\s+the\s+corner|"
    # "feeling better than yesterday": better than before, not a comparison with someone.
    r"(?:(?:feeling|doing)\s+)?(?:(?:much|a\s+lot|loads|way)\s+)?better\s+than\s+(?:yesterday|"
    r"last\s+(?:night|week)|before|this\s+morning|earlier|(?:she|he|they)\s+(?:was|were))\b|over\s+the\s+worst(?:\s+of\s+it)?|"
    r"out\s+of\s+the\s+woods|through\s+the\s+worst|"
    r"(?:fever|symptom|pain|cancer|virus)[- ]free|in\s+the\s+clear|"
    # "the kids have finally shaken off that cough"
    r"(?:(?:has|have|'ve)\s+)?(?:finally\s+)?(?:shaken|shook|kicked|thrown)\s+off\s+"
    r"(?:that|the|this|their|his|her|a)\s+|"
    # A symptom said to be no longer there: "no temperature anymore", "no more vomiting
    # since 3am", "no pain overnight" (a bare "no fever" may answer a question: not read).
    r"(?:(?:has|had|with)\s+)?no\s+more\s+(?:temp|temperature|fever|pain|vomiting|sickness|"
    r"diarrh?o?ea|coughing|rash|spots|seizures|fits|falls)\b|"
    # "hasn't had a temp since Monday": the fever gone, said with its negated perfect.
    r"(?:hasn't|has\s+not|hasnt)\s+had\s+(?:a\s+|any\s+)?(?:temp|temperature|fever|pain|seizures?|"
    r"fits?|falls?)\s+(?:since|for)\b|"
    r"(?:(?:has|had|with)\s+)?no\s+(?:temp|temperature|fever|pain|vomiting|sickness|"
    r"diarrh?o?ea|coughing|rash|seizures|fits|falls)\s+(?:anymore|any\s+more|since\b|"
    r"overnight|(?:all\s+|last\s+)?(?:night|day)\b|today|now\b)|"
    # Done with the treatment: "off the antibiotics", "out of the coma", "no longer on
    # bed rest", "off oxygen now" (not "off his food": not eating).
    r"(?:(?:is|are|'s)\s+)?(?:(?:finally|now|completely|all)\s+)*off\s+(?:the\s+|his\s+|her\s+|their\s+)?"
    r"(?:antibiotics|painkillers|steroids|oxygen|drip|ventilator|morphine|iv)\b|"
    r"out\s+of\s+(?:the\s+|a\s+|her\s+|his\s+)?(?:coma|induced\s+coma)\b|"
    r"(?:(?:is|are|'s)\s+)?no\s+longer\s+(?:on\s+(?:bed\s*rest|oxygen|the\s+ventilator|a\s+drip)|"
    r"in\s+(?:hospital|the\s+hospital|icu|intensive\s+care|a\s*&\s*e|isolation)|"
    r"(?:sick|ill|poorly|unwell|contagious|infectious))\b|"
    # A patient's mood in a carer's note: "in good spirits today", "in great form".
    r"in\s+(?:good|great|high|fine|better)\s+(?:spirits|form|fettle)\b|"
    r"(?:(?:has|have|'ve)\s+)?(?:finally\s+)?(?:kicked|beaten|beat)\s+(?:the|that|this|his|her|their)\s+"
    r"(?:\w+\s+)?(?:flu|cold|bug|virus|cough|infection|covid|fever)\b|"
    r"recovering\s+(?:from|after)\s+(?:(?:a|an|the|his|her|their)\s+)?[a-z]|"
    # A carer's note of the day: "Nana had a good day, no falls", "Dad's had a settled night"
    # (not "had a great day at the zoo": an outing, not health).
    r"(?:had|has\s+had|'s\s+had)\s+(?:a\s+)?(?:(?:really|very|pretty|much|fairly|quite)\s+)?"
    r"(?:good|better|settled|comfortable|peaceful|restful)\s+(?:day|night|morning|afternoon|"
    r"evening|weekend)(?!\s+(?:at|out|with|in|on|of|for)\b))"
)
"""On the way back to health: well."""

_WORSENED = gated(
    r"^\s*'s\s+(?:cough|fever|temperature|temp|breathing|condition|pain|infection|rash|chest|"
    r"asthma|eczema|arthritis)\s+(?:has\s+|had\s+|is\s+|'s\s+)?(?:(?:badly|really|suddenly)\s+)?"
    r"(?:worsened|deteriorated|got\s+worse|gotten\s+worse|flared(?:\s+up)?|getting\s+worse)\b|"
    # An illness come back: "mom's cancer is back", "his pneumonia has come back".
    r"^\s*'s\s+(?:cancer|tumou?r|leukaemia|leukemia|lymphoma|pneumonia|infection|sepsis|"
    r"depression)\s+(?:(?:is|'s|has|have)\s+)?(?:come\s+back|came\s+back|back|returned|spread)\b"
)
"""A symptom worsened ("Father's cough has worsened in the damp"): sick."""
_RESULTS_CLEAR = gated(
    r"^\s*'s\s+(?:(?:covid|flu|strep|pcr|lateral\s+flow|rsv|malaria|dengue)\s+)?(?:scan|scans|tests?|test\s+results|results|biopsy|mri|ct|x-ray|bloods|blood\s+"
    r"(?:work|tests?)|mammogram|swab|smear)\s+(?:(?:was|were|is|are|came\s+back|has\s+come\s+back|"
    r"have\s+come\s+back|all|totally|completely)\s+)+(?:clear|normal|fine|negative|good|ok|okay)\b"
)
"""The member's scan or tests came back clear ("mum's scan was clear!!"): well."""
_SYMPTOM_DOWN = gated(
    r"^\s*'s\s+(?:temp|temperature|fever|sats|oxygen)\s+(?:(?:is|'s|has|finally|now|come|came|gone|"
    r"went)\s+)*(?:down|normal|back\s+to\s+normal|under\s+control|settled)\b|"
    # Oxygen "back up" is better; a temperature "back up" is the fever again.
    r"^\s*'s\s+(?:sats|oxygen)\s+(?:(?:is|are|'s|has|have|finally|now|come|came|gone|went)\s+)*"
    r"back\s+up\b"
)
"""The member's temperature is down ("the baby's temp is down to 37.2"): well."""


def symptom_settled(rest: str) -> bool:
    """Whether ``rest`` says the member's temperature is down or back to normal (read
    before "back" can be taken for a symptom come back)."""
    return _SYMPTOM_DOWN.match(rest) is not None


_HOME_RECOVERING = gated(
    _LEAD + rf"(?:{_COPULA}\s+)?(?:now\s+)?(?:recovering|resting|convalescing|recuperating)\s+"
    r"(?:at\s+home|at\s+(?:his|her|their|our|my)\s+(?:place|house))\b"
)
"""Recovering at home ("he's recovering at home"): out of hospital and home."""


_FEVER_READING = gated(
    r"^\s*'s\s+(?:temp|temperature)\s+(?:(?:is|'s|was|of|at|hit|reached|went\s+up\s+to|up\s+to|now)\s+)+"
    r"(?:3[89]|4[01]|10[0-4])(?:\.\d)?\b|"
    # A carer's reading without its verb: "Mum temp 38.4 @ 14:00", "Dad - temp of 38.9".
    r"^\s*(?:(?:is|has)\s+)?(?:a\s+)?(?:temp|temperature)\s+(?:(?:of|at|@|is|was|now|up\s+to)\s+)*"
    r"(?:3[89]|4[01]|10[0-4])(?:\.\d)?(?:\s*(?:c|f|°c?|°f?|degrees))?(?!\s*(?:pm|am|mins?|minutes))\b"
)
"""A fever read off the thermometer ("Dad's temp is 38.5", "her temperature hit 102"):
38 and up in Celsius, 100 and up in Fahrenheit."""


_DISCHARGED_NOTE = gated(
    r"^\s*(?:(?:just|finally|now|today)\s+)?discharged\b(?!\s+(?:(?:from\s+(?:the\s+)?)?(?:army|navy|"
    r"military|service|forces|duty)|him|her|them|himself|herself|themselves)\b)"
)
"""A note's discharge without its verb: "Mum discharged 11am, home now"."""
_HEALING = gated(
    r"^\s*'s\s+(?:pressure\s+sores?|(?:leg\s+)?ulcers?|sores?|wounds?|cuts?|burns?|graze|stitches|"
    r"incision|scar|skin\s+tear|bed\s*sores?)\s+(?:(?:is|are|'s|has|have|now|finally)\s+)*"
    r"(?:(?:healing|healed)(?:\s+(?:up|well|nicely))?|looking\s+(?:(?:much|a\s+lot|so\s+much)\s+)?"
    r"(?:better|cleaner|good)|(?:much\s+)?improved|improving)\b|"
    # A later item of a note's list may leave out whose it is: "…, chest sounds clear".
    r"^\s*(?:'s\s+)?(?:chest|lungs|breathing)\s+(?:sounds?|is|are|'s|seems?)\s+(?:(?:much|a\s+lot|now)\s+)?"
    r"(?:clear|clearer)\b"
)
"""A wound healing or a chest that sounds clear, as a carer's note says it: well."""
_EATING_AGAIN = gated(
    r"^\s*'s\s+(?:appetite|sleep|sleeping|mobility|mood|colou?r|energy|walking|balance|speech|"
    r"breathing)\s+(?:(?:is|are|'s|has|have|now|definitely|finally)\s+)*(?:(?:much|a\s+lot|so\s+much|"
    r"loads|way|far)\s+)?(?:better|improved|improving|back(?:\s+to\s+normal)?)\b"
)
"""What a carer watches come back: "Nan's appetite is much better", "his mobility has
improved": well."""
_AWAY_IN_CARE = gated(
    r"^\s*(?:(?:is|are|'s|has\s+been|have\s+been)\s+)?(?:(?:still|now|currently|away)\s+)*"
    r"(?:(?:in|at)\s+respite(?:\s+care)?|on\s+(?:(?:the|a|his|her|their)\s+)?(?:(?:year|grade)\s+\d+\s+|"
    r"school\s+|class\s+)?(?:residential|school\s+trip|dofe(?:\s+expedition)?|exchange))\b"
)
"""Away in respite care or on a school's residential: "Mum's in respite till the 14th",
"Josh is on the Year 6 residential"."""


_TESTED_POSITIVE = gated(
    _LEAD + rf"(?:{_COPULA}\s+)?(?:(?:still|now|also|both|all)\s+)*(?:covid(?:-19)?|corona|flu|"
    r"strep|rsv|noro(?:virus)?)[\s-]*(?:positive|pos|\+ve|\+)(?=\s|[,.!]|$)"
)
"""A test's result said as the member's state ("dad's covid positive", "both kids flu
positive"): sick now."""


def condition_said(rest: str) -> str | None:
    """The catalogue status these words say of the member in ``rest``, or None."""
    if _HOME_RECOVERING.match(rest):
        return "home"
    if _AWAY_IN_CARE.match(rest):
        return "away"
    if (
        _ON_THE_MEND.match(rest)
        or _RESULTS_CLEAR.match(rest)
        or _DISCHARGED_NOTE.match(rest)
        or _HEALING.match(rest)
        or _EATING_AGAIN.match(rest)
    ):
        return "well"
    if (
        _IN_CARE.match(rest)
        or _FLARE.match(rest)
        or _WORSENED.match(rest)
        or _FEVER_READING.match(rest)
        or _TESTED_POSITIVE.match(rest)
    ):
        return "sick"
    return plain_state(rest)  # "Dad no better", "Jamie is off in Houston"
