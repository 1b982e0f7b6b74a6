"""A short list of well-known destinations, by their lower-case key.

The family and profile rules use it to tell a capitalised place at the start of a sentence
("Paris is lovely") from a person's name; ``core.extraction.place_slips`` corrects a
misspelt place towards it. Its own module so that both read it without an import cycle.
"""

from __future__ import annotations

_GAZETTEER_NAMES = """
Tahoe|Lake Tahoe|South Lake Tahoe|Truckee|Yosemite|Zion|Yellowstone|Grand Canyon|Big Sur|Napa|
Sonoma|Sedona|Moab|Aspen|Vail|Breckenridge|Park City|Jackson Hole|Banff|Whistler|Maui|Oahu|
Kauai|Honolulu|Hawaii|Cancun|Cabo|Tulum|Puerto Vallarta|Mexico City|Oaxaca|Guadalajara|
Costa Rica|Bahamas|Jamaica|Puerto Rico|Key West|Miami|Orlando|Tampa|Atlanta|Nashville|
Memphis|New Orleans|Austin|Dallas|Houston|San Antonio|Denver|Boulder|Phoenix|Tucson|
Las Vegas|Vegas|Salt Lake City|Seattle|Portland|Spokane|Boise|San Francisco|SF|Oakland|
San Jose|Palo Alto|Berkeley|Sacramento|Los Angeles|LA|San Diego|Santa Barbara|Palm Springs|
Santa Fe|Albuquerque|Chicago|Detroit|Minneapolis|Milwaukee|Madison|St. Louis|Kansas City|
Omaha|Cleveland|Columbus|Cincinnati|Pittsburgh|Philadelphia|Philly|Boston|Cape Cod|
Martha's Vineyard|Nantucket|Providence|New York|New York City|NYC|Brooklyn|Queens|Manhattan|
Jersey City|Newark|Washington|Washington DC|DC|Baltimore|Richmond|Charlotte|Raleigh|
Charleston|Savannah|Asheville|Buffalo|Anchorage|Alaska|Texas|California|Florida|Colorado|
Utah|Oregon|Ohio|Maine|Vermont|Michigan|Montana|Idaho|Arizona|Nevada|Toronto|Montreal|
Vancouver|Quebec|Calgary|Ottawa|London|Paris|Rome|Milan|Florence|Venice|Naples|Madrid|
Barcelona|Seville|Lisbon|Porto|Berlin|Munich|Hamburg|Vienna|Prague|Budapest|Amsterdam|
Brussels|Copenhagen|Stockholm|Oslo|Helsinki|Reykjavik|Iceland|Dublin|Edinburgh|Zurich|
Geneva|Athens|Greece|Santorini|Istanbul|Croatia|Dubrovnik|Split|Italy|Spain|France|
Portugal|Germany|Japan|Tokyo|Kyoto|Osaka|Seoul|Beijing|Shanghai|Hong Kong|Singapore|
Bangkok|Bali|Sydney|Melbourne|Auckland|Dubai|Cairo|Marrakech|Cape Town|Delhi|Mumbai|
Bangalore|Tel Aviv|Buenos Aires|Rio|Rio de Janeiro|Sao Paulo|Lima|Cusco|Bogota|Medellin|
Cartagena|Havana|Europe|Mexico|Canada|Peru|Chile|Thailand|Vietnam|Hanoi|India|Ireland|
Scotland|England|Napa Valley|Joshua Tree|Mammoth|Palm Desert|Outer Banks|Myrtle Beach
"""

GAZETTEER: dict[str, str] = {
    name.strip().lower(): name.strip()
    for name in _GAZETTEER_NAMES.replace("\n", "").split("|")
    if name.strip()
}
