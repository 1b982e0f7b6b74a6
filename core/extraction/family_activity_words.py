"""The words of a family activity and of what became of it: the activity's name ("soccer
practice", "the Year 4 trip", "physio appointment"), cancelled, moved or put off, and the
shapes that say it is no event ("off school" with an illness, "paid the nursery", "at
school"). ``rules_family`` reads a clause with them.
"""

from __future__ import annotations

from core.extraction.word_gates import gated

HEAD = (
    # A school trip first, or "class" and "school" would stop short of it. A school trip by
    # the year or grade that goes: "the Year 4 trip", "the grade 3 trip".
    r"(?:field|school|class|(?:year|grade)\s+\d+)\s+trip|"
    # A school's shows and days: "the school play got moved", "the winter concert is friday";
    # "play" and "show" only after what makes them one (a bare "play" is a verb). First, so
    # that "school" alone does not take "the school play".
    r"(?:school|class|nativity|christmas|holiday|spring|winter|end[- ]of[- ]year)\s+"
    r"(?:play|musical|show|concert|assembly|performance|fair|disco|dance)|"
    r"musical|assembly|graduation|prom|fundraiser|bake\s+sale|(?:science|book)\s+fair|"
    r"practice|lessons?|class|recital|game|match|tournament|rehearsal(?:\s+dinner)?|appointments?|"
    r"check[\s-]?ups?|"
    # A baby's checks by its age: "the 6 week check", "her eight-week review".
    r"(?:\d+|two|six|eight|twelve)[\s-](?:week|month)\s+(?:check|review)s?|"
    r"check-up|playdate|play\s+date|camp|daycare|preschool|school|tutoring|therapy|conference|"
    r"physio|appt|chemo|dialysis|infusion|surgery|operation|procedure|scan|carpool|session|"
    r"follow-?up|consult(?:ation)?|exams?|"
    # Jabs and the visits named by whom one sees: "his MMR jab is Friday", "Ollie's dentist
    # is Tuesday 4pm", "the baby's vaccinations got moved".
    r"jabs?|vaccinations?|immuni[sz]ations?|booster|dentist|orthodontist|optician|op|"
    # A school's meeting with the parents: "tomorrow's PTM", "the parent-teacher meeting".
    r"ptm|parent[- ]teacher\s+(?:meetings?|conferences?|interviews?)|"
    # A child's evenings and days out: "the swimming gala", "Priya's sleepover is off".
    r"gala|sleepover|sleep-?over|"
    # A procedure by its name: "tonsillectomy", "colonoscopy", "knee arthroplasty", "MRI".
    r"[a-z]+(?:ectomy|otomy|oscopy|plasty)|mri|biopsy|ultrasound|mammogram|x-ray|"
    # A joint or a valve put in new: "grandma's hip replacement has been rescheduled".
    r"(?:hip|knee|shoulder|joint|valve|cataract|lens)\s+(?:replacement|op|surgery|operation)|"
    r"pickup|pick-up|dropoff|drop-off|party|meet|"
    # British school and club life: "no nursery tomorrow", "rugby training", "parents evening".
    r"nursery|training|parents'?\s+evening|sports\s+day|tuition|club|"
    # Separated parents' handing over of the children: "handover moved to 6 on friday", "the
    # changeover is at the school now", "contact is off this weekend".
    r"handover|hand-over|changeover|change-over|handoff|hand-off|contact\s+(?:visit|session|time)|"
    # A family meal by its occasion: "Gran's birthday lunch is moved to the 21st".
    r"(?:birthday|sunday|family|christmas|easter|anniversary|mother's\s+day|father's\s+day|"
    # A wedding's and a club's meals: "the welcome dinner got cancelled", "our group dinner
    # moved to Thursday".
    r"welcome|rehearsal|engagement|farewell|leaving|retirement|group|club|team)\s+"
    r"(?:lunch|dinner|tea|meal|bbq|barbecue|brunch|do)|"
    # A wedding's appointments by what is tried on, tasted or shot: "dress fitting moved to
    # thursday", "the cake tasting got cancelled", "our engagement shoot is on the 4th".
    r"(?:dress|suit|gown|bridal|wedding|final|first|second|last|tux|tuxedo)\s+fittings?|"
    r"(?:cake|menu|wine|food)\s+tastings?|tastings?|(?:hair|make-?up)\s+trial|walk-?through|"
    r"(?:bridal|baby|wedding)\s+shower|(?:hen|stag)\s+(?:do|party|night)|bachelorette(?:\s+party)?|"
    r"(?:engagement|wedding|family)\s+(?:photos|pictures|shoot)|photo\s*shoot|"
    # A meeting of a body one belongs to: "the condo association meeting was cancelled".
    r"(?:association|hoa|committee|board|residents'?|tenants'?|church|council)\s+meeting|"
    # Care visits by whom one sees or what is taken: "Dad's bloods are Mon 9:20", "the
    # podiatrist cancelled", "her GP appt".
    r"bloods|blood\s+tests?|podiatrist|chiropodist|audiology|hearing\s+test|eye\s+test|"
    r"district\s+nurse|gp(?=\s+(?:appt|appointment|visit))|"
    # A family's occasions said in its group chat: "the christening's moved to 2pm",
    # "Nan's funeral is on the 12th", "Ava's naming ceremony is off".
    r"christening|baptism|naming\s+ceremony|funeral|(?:bar|bat)\s+mitzvah|(?:first\s+)?communion|"
    # A school's year of occasions: "Nativity moved to the 18th", "the carol concert is off".
    r"nativity(?:\s+play)?|carol\s+(?:service|concert)|school\s+play|(?:christmas|summer)\s+fair|"
    # A club's show or grading by its art: "Bella's ballet show got cancelled".
    r"(?:ballet|dance|drama|gymnastics|gym|piano|music|singing|karate|judo|taekwondo|swimming)\s+"
    r"(?:show|display|exam|grading|showcase)"
)
SPORT = (
    r"soccer|football|baseball|basketball|hockey|softball|volleyball|swimming|ballet|gymnastics|"
    r"karate|scouts|choir|orchestra|band|chess|dance|piano|swim|art|music|drama|theater|tennis|"
    r"rugby|cricket|netball|athletics|rowing|climbing|cubs|brownies|beavers|guides"
)
# "soccer practice" as a whole; a bare sport ("soccer is cancelled") stands for its activity.
ACTIVITY = gated(
    # "therapy session", "physio appointment": a head may name the kind of the next.
    rf"\b(?P<act>(?:(?:{SPORT})\s+)?(?:{HEAD})(?:\s+(?:session|appointment|appt|visit|classes|class|lessons?))?|"
    rf"(?:soccer|football|baseball|basketball|hockey|softball|volleyball|swimming|ballet|"
    rf"gymnastics|karate|scouts|choir|orchestra|dance|piano|swim|tennis|lacrosse|cheer|"
    rf"cheerleading|taekwondo|judo|wrestling|robotics|debate|rugby|cricket|netball|athletics|"
    rf"cubs|brownies|beavers|guides))\b"
)
_FOR_WHOM = (
    r"(?:(?:for|at)\s+(?:(?:both|all)\s+(?:of\s+)?(?:the\s+)?(?:kids|boys|girls|twins|them)|"
    r"(?:the\s+)?(?:kids|boys|girls|twins)|ours|mine|yours|theirs|him|her|them|[a-z]+'s)"
    r"\s*(?:[-,]\s*)?)?"
)
"""Whom or where between the activity and what became of it: "dentist for both kids
cancelled", "the BBQ at ours is off", "lunch at nan's is moved"."""
CANCELLED = gated(
    r"^\s*"
    + _FOR_WHOM
    + r"(?:is|was|got|has\s+been|are|'s|were)\s+(?:\w+\s+)?(?:cancell?ed|canceled|off|called\s+off|"
    # "football's been rained off", "the match got snowed off"
    r"closed|shut|rained\s+off|rained\s+out|snowed\s+off|snowed\s+out|scrapped)\b|"
    r"^\s*" + _FOR_WHOM + r"(?:cancell?ed|canceled|closed|shut)\b|"
    # Indian English: "the school is giving holiday tomorrow", "has declared a holiday".
    r"^\s*(?:is|has|have|'s)\s+(?:giving|given|declared|announced)\s+(?:a\s+)?holiday\b"
)
# "no school friday", "the kids are off school", "we're skipping soccer today": not on for us.
NO_ACT = gated(
    r"\b(?:no|off|(?<!not\s)(?<!never\s)(?<!n't\s)(?:skipping|skipped|missing|sitting\s+out|"
    r"bailing\s+on))\s+"
    r"(?:(?:the|her|his|their|our)\s+)?$"
)
SICK_WORD = gated(r"\b(?:sick|ill|poorly|unwell|fever|temp|flu|bug|cold|covid|vomiting)\b")
"""Before "off school": who is ill is off ("my son's poorly, off school today"), the school open."""
ILL_AFTER = gated(
    # The day may come first: "off school today with a temp", "off nursery again, poorly".
    r"\s*(?:(?:today|again|tomorrow|this\s+week|all\s+week)\s*,?\s+)?(?:sick|ill|poorly|unwell|(?:with|w/?)\s+(?!(?:their|his|her|my|our|friends|family|us|me)\b)\w)"
)
"""After "off school": kept off by an illness ("off school with a cough"), the school open."""
MOVED = gated(
    # "physio has moved to Thursdays", "the exams have been moved", "'s been pushed".
    r"^\s*"
    + _FOR_WHOM
    + r"(?:is\s+|was\s+|got\s+|are\s+|were\s+|(?:has|have|'s|'ve)\s+(?:been\s+)?)?"
    r"(?:moved|rescheduled|pushed|postponed|changed|"
    # "brought forward to Tuesday", Indian English "preponed to the 12th", "put back a week"
    r"switched|bumped|shifted|brought\s+forward|preponed|put\s+back)\b|"
    # "practice is at 5 instead of 4 tomorrow": the new time said against the old one.
    r"^\s*(?:is|'s|are)\s+(?:now\s+)?(?:at|on)\s+[^,.;!?]{1,25}?\binstead\b|"
    # A new day said as what it is now: "parents evening is now on the 12th not the 5th",
    # "swimming's now thursdays", "the recital is now at 6 instead".
    r"^\s*(?:(?:is|'s|are)\s+now|will\s+now\s+be)\s+(?:on|at|the|this|next|tomorrow|"
    r"tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d)"
)
PUT_OFF = gated(
    # "the trip to the zoo has been postponed": where it goes may come between.
    r"^\s*(?:(?:to|at)\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?=(?:is|was|got|has|'s|have|are)\b))?"
    r"(?:is\s+|was\s+|got\s+|has\s+been\s+|'s\s+been\s+|have\s+been\s+|are\s+)?"
    r"(?:postponed|rescheduled|pushed\s+back|put\s+off|delayed)\b"
)
"""Put off with no new day said ("the Year 4 trip has been postponed"): moved all the same."""
MOVED_BY = gated(
    r"\b(?:moved|pushed|rescheduled|postponed|bumped|shifted|changed)\s+(?:back\s+)?"
    r"(?:(?:my|our|the|his|her|their)\s+)?(?:[a-z-]+'s\s+)?(?:[a-z-]+\s+){0,2}$"
)
"""Someone moving the activity, named before it: "the surgeon moved my daughter's surgery
to april 2", "they pushed max's checkup to friday", "the dentist moved my appointment to
Friday"."""
PAID_FOR = gated(r"\b(?:paid|pay|paying|owe|owed|settled)\s+(?:for\s+)?(?:the|my|our)?\s*$")
SCHEDULED = gated(
    r"^\s*(?:is|'s|are|start|starts|begins|will\s+be|happens|on|at|this|next|tomorrow|tonight|today|"
    r"moved\s+to)\b"
)
WHERE_ONE_IS = gated(
    r"\b(?:at|to|from|in|after|before|during|for|into|outside)\s+"
    r"(?:the\s+|his\s+|her\s+|their\s+|my\s+|our\s+)?$"
)
"""An activity named as where someone is or goes ("at school", "after practice")."""
BOUNDS = frozenset(["until", "till", "til", "through", "thru", "since", "from", "by", "before"])
CLOCK_AFTER = gated(r"^\s*(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)?")
CHANGED = gated(r"\b(?:cancell?ed|canceled|off|closed|shut|moved|rescheduled|postponed|pushed)\b")
WITH_WHOM = gated(
    r"^\s+with\s+(?:(?:the|dr\.?|his|her|their|a|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+)?"
    r"(?=\s+(?:is|was|got|has|have|'s|are|were|moved|cancell?ed|canceled)\b)"
)
"""Whom the activity is with, between it and what became of it: "dad's follow-up with the
consultant got cancelled", "the playdate with the Khans is off"."""
