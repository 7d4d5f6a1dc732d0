"""Which hosts may back a fact: the source-host policy `validate` applies to every source.

A source is either the authority's own page (a government domain, a mission abroad, an
intergovernmental body) or a secondary publication on a host named below with what kind of
publisher it is. Anything else (a staging or preview deployment, a host written with a trailing
dot, an unrelated business, a host nobody has looked at) is refused, so that adding a source
means deciding what its host is.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterable
from typing import Literal

from photospecs.dataset.schema import Source

HostKind = Literal["authority", "commercial", "publisher", "preview", "unknown"]


def _names(text: str) -> frozenset[str]:
    """Host names as listed below: whitespace-separated, without a leading "www."."""
    return frozenset(text.split())


# Government domains: gov.pl, www.gov.uk, migracion.gob.bo, service-public.gouv.fr, bmi.gv.at,
# gub.uy, immigration.govt.nz, go.ke, *.gov, the Swiss admin.ch and the EU's europa.eu.
_GOVERNMENT = re.compile(
    r"(?:^|\.)(?:gov|gob|gouv|govt|go|gv|gub|government)\.[a-z]{2}$"
    r"|(?:^|\.)(?:gov|gob|gouv|govt|gub)(?:\.[a-z]{2,3})?\.[a-z]{2}$"
    r"|\.(?:gov|mil|int)$|(?:^|\.)(?:admin\.ch|europa\.eu|bund\.de|lg\.jp|govmu\.org)$"
)
# Missions and foreign ministries on their own domains: mfa.ee, london.mfa.gov.az,
# tokyo.mae.ro, ambassade-benin.de, embajadacostaricaitalia.it, consuladordny.com.
_MISSION = re.compile(
    r"(?:^|\.)(?:mfa|mofa|mae|mfaft|mzv|mvep|mfa-ks|esteri|diplo|diplomatie|dfa|cancilleria|rree|mirex|mre|mne|um)\.[a-z.]+$"
    r"|embass|embaj|ambassad|ambasad|botschaft|consul|konsul|mission|(?:^|\.)(?:amba|emba)[a-z]"
)
# Deployments that are not the site: staging copies and per-commit previews.
_PREVIEW = re.compile(
    r"(?:^|\.)(?:staging|stage|preview|dev|test)\.|(?:^|\.)testdomain\d*\."
    r"|\.(?:vercel\.app|netlify\.app|herokuapp\.com|pages\.dev|onrender\.com|web\.app|firebaseapp\.com)$"
)

# Authorities whose domain carries no government marker: ministries, agencies, registries and
# official portals, each checked to be the state's own site.
AUTHORITY_HOSTS = _names(
    """
    astynomia.gr avv.police.am bad-neuenahr-ahrweiler.de bahrain.bh barbadoswelcomestamp.bb
    bip.powiat-wolominski.pl bmbah.hu borger.dk brno.cz canada.ca citizen.egov.mv dgt.es din.nmr.az
    dnielectronico.es e-albania.al ebctt.com egov.kz ekozig.mo.hu english.hartak.am eresident.politsei.ee
    euprava.me evisa.dgdi.ga evisacam.cm evpilfov.ro finlex.fi fr.ch gesetze-im-internet.de
    goeree-overflakkee.nl gosuslugi.ru gov4c.kz govern.ad gr.ch guichet.public.lu hak.hr hradeckralove.org
    id.et idara.tn identitymalta.com imt-ip.pt imtonline.pt ind.nl infotujci.si intorsura.info ireland.ie
    irishimmigration.ie island.is jobs.ministryofhrctd.pw keishicho.metro.tokyo.jp korkortsportalen.se
    kormany.hu laarne.be lac-haute-sure.lu lennik.be lex.uz llv.li lta.com.fj lupakuvienvastaanotto.fi
    m.praha8.cz ma.zh.ch migracija.lt migrationsverket.se migri.fi minv.sk mpb.rks-gov.net mup.hr muphnk.ba
    mvr.bg narsa-securiteroutiere.ma ndls.ie nederlandwereldwijd.nl netherlandsworldwide.nl obecjovsa.sk oni.bf passeport.ma
    passport.pica-online.com pep.pt police.pref.gunma.jp poliisi.fi polisen.se polisia.kz politiet.no
    politsei.ee poliziadistato.it praha-ujezd.cz pre-enrolement.ci registrocivil.cl regitra.lt
    republicoftogo.com retsinformation.dk riigiteataja.ee rijksoverheid.nl rosbach-hessen.de ru.president.az
    rvig.nl sabteahval-stb.ir samarkand.uz service-public.bj service-public.fr serviciomigraciones.cl
    simple.sv skra.is sme.ao snedai.com sniac.cv strassenverkehrsamt.tg.ch tin.tin.nsdl.com trafikverket.se
    udi.no ugyintezes.magyarorszag.hu utl.is visa.visitsaudi.com vladausk.ba vlissingen.nl
    www2.immigrazione.regione.toscana.it www4.skatteverket.se zg.ch
    """
)

# Missions abroad whose domain does not say embassy or consulate: high commissions, consulates
# general and honorary consuls (the Bahamas in London, Tuvalu in Wellington and so on).
MISSION_HOSTS = _names(
    """
    bahamashclondon.net bahighco.ca boliviawdc.org embportugal-uae.com embrssng.org gambiahc.org.uk
    grenada-hk.org guinea-ecuatorial.de gvineja-bissau.si haiti.org hc-cameroon-ottawa.org jhcottawa.ca
    lanka.com.sg mosambik-hamburg.de myanmarcgchongqing.org palestine-australia.com plonorway.com rcawashington.org ruscon.org
    scgmia.com sihc.org.nz swedenabroad.se tajemb-my.org tajembiran.tj tuvaluhc.org.nz uruguatemala.org vanuatu.nz
    """
)

# Legal information institutes republish the statutes and regulations themselves: the rule there
# is the authority's own text.
LAW_TEXT_HOSTS = _names("leslleis.com lesotholii.org paclii.org ulii.org")

# Secondary publishers that sell photos or visas: photo tools and apps, photo shops, visa agents.
# Their pages may be cited only as labelled secondary sources, and never as a document's only
# backing where the authority's own pages are cited for the same country.
COMMERCIAL_HOSTS = _names(
    """
    123passportphoto.com ab-in-den-urlaub.visa-gate.com andaleebtravelagency.com anfas.pro
    angolaembassyvisa.co.uk ar.visafoto.com art-mobility.at automokyklos.lt backgroundremoval.passlens.com
    bdvisa.com blsinternational.com bluebirdtoursandtravel.com bshelpdesk.visigo.com burundi-evisa.com
    cambodiaonlinevisa.com chinesevisaexpress.com clonypdf.com consulatebg.eu csridentity.com
    deiratravels.in digitalpassportphoto.online document-photo.com dublindrivingschool.ie
    egyptonlinevisa.com elov.dk embassynvisa.com eta-official.com etaportal.net evisamart.com
    fastpassportphotoonline.com fylite.com getvisapic.com globalvisas.co.uk go-cambodia-online.com
    idphotodiy.com idphotojp.com immigrationsouthafrica.org indiavisa.org.in ivisa.com ja.ivisa.com
    jangkargroups.co.id janipavlin.si kodakexpress.shop kz.tlscontact.com mergeimages.net natvisa.com
    neptuneinternational.co.in oci-help.com onlinevisa.com passlens.com passport-photo.online passport.today
    passportphotoaz.com passportphotofactory.com passportphotoguru.com passportphotos.com
    passportsizephotomaker.app phl.125visa.com photoomni.com photopass.ai qatarvisaqvc.co saigatours.com
    shrinkto.com sitemap.kenyaconsulatela.com sivaspsikoteknik.com slembassyvn.com smartphone-id.com
    sonhasoftware.com srholidays.in support.peninsulavisa.com talentsolutioncanada.com tataaig.com
    tfg-group.co.uk timpson.co.uk vietnam-evisa.org visa-cote-divoire.fr visa-gate.com visaetravel.com
    visafinder.tw visaforchina.cn visafoto.com visagenie.co.uk visapacks.com.au visasforfuture.com visit-tz.com visum24.de
    visumcentrale.be zlatabana.sk
    """
)

# Other secondary publishers: news outlets, law and document archives, reference sites,
# universities, law firms and community guides.
PUBLISHER_HOSTS = _names(
    """
    1000noticias.com.py 123dok.co 2001online.com 24.kg 76hw.com actualiteinfo.tg afrik.com agazeta.com.br
    agn.gt airlines.ge alwakeelnews.com alwihdainfo.com amp.infranken.de answers.travelchinaguide.com
    archivos.eltelegrafo.com arynews.tv ash.tm.fr asistent.me atavatan-turkmenistan.com bamada.net
    banouto.bj banten.antaranews.com baodanang.vn beninsite.net biometricupdate.com blog.wego.com brava.news
    business.mega.mu cdn1.campograndenews.com.br chinahow.guide citizenshiprightsafrica.org
    congo-autrement.com daleel.pk dcubanos.com dd.m.fijitimes.com.fj delfi.lv delicesmedia.com
    demarchesmaroc.com diariandorra.ad diario.elmundo.sv diariocentro.ec dime.jp docplayer.net docslib.org
    doczz.com.br doczz.fr dr1.com ecoi.net einpresswire.com ekn.kr elcomercio.pe eleconomista.com.mx
    elheraldo.hn elnacional.com eluniverso.com erongo.com.na es.scribd.com forum.ad fr.africanews.com freirecht.de
    geekweek.interia.pl ghanaguardian.com github.com guinee114.com gulf-insider.com gulfnews.com
    gulftoday.ae herald.co.zw hitpages.com htlaw.vn iamkohchang.com icm-vukovar.info ikoreanspirit.com
    iliuxue360.com inews.mn info256.com infomarshallislands.com infomigra.org inspireambitions.com
    internationalstudent2.hacettepe.edu.tr investmentkit.com jamaica-gleaner.com jamaicainquirer.com
    jamaicaobserver.com jinchutou.com kassataya.com kebanyakan.com kendikadvocates.co.ke khaleejtimes.com
    kuaihz.com lameteo.info lanationdj.com laprensagrafica.com laprunellerdc.com latercera.com lawbrary.ch
    lecourrierdekinshasa.com legalclarity.org lestimes.com lexray.eu libero.pe lighthouse88.com livrozilla.com
    luattanthinhphat.com m.chaojilvshi.com malaysia.page4.me maliactu.net mauriweb.info mediabrest.by
    medicinalegale.mys.it mic.iom.sk migrantinfo.iom.int mmichael1.blogspot.com mondaq.com morson.ca
    nacion.com neweralive.na news.devevil.com news.un.org newsmotor.com.br normasbrasil.com.br okja.org
    olanoticias.com paragraf.rs pattayacityexpatsclub.com plo.vn podcloud.fr podroze.onet.pl poehalisnami.ua
    pointschauds.info pontual-ao.com postal.pt pplware.sapo.pt presseactu.net primicia.com.ve
    pt.paraquee.com pt.radiovaticana.va pulzo.com pytalovo-news.ru quenoticias.com radiohc.cu ratopati.com
    refli.be registrocivilcr.info sanmarinofixing.com sanmarinortv.sm santiagomagazine.cv scribd.com
    senenews.com sidwaya.info sinclaircosta.blogspot.com soa.it somalimagazine.so ssw.tpcu.edu.tw
    stabroeknews.com statusin.org studyinpng.com sundayexpress.co.ls sundaynews.co.zw tanea.gr
    thailawyers.com thcscamduong.edu.vn thenilewires.com thevoicebw.com tiempo.hn timesofoman.com
    total-croatia-news.com transafrika.org travelnews.co.za tribune.com.pk turkmenportal.com ubt-uni.net
    ultimahora.com urdukhabar.com.pk vietjack.me visaindex.com voaafrique.com votunews.com.br
    vozacisrbije.com watananews.com waterkant.net wikiprocedure.com workinsrilanka.lk wwpfw.com xibaaru.sn
    yessouan.ci zakon.kz zambianz.org.nz zambiaun.org
    """
)

# Where a government portal hosts many agencies, an agency's own root is a front page too:
# gov.pl/web/diplomacy, gov.br/pf/pt-br, gob.mx/sre, gob.pe/migraciones (but not a gob.pe
# service page, whose one segment starts with its number: gob.pe/174-obtener-pasaporte-...).
_SECTION_ROOTS = {
    "gov.pl": re.compile(r"^/web/[^/]+/?$"),
    "gov.br": re.compile(r"^/[^/]+(?:/(?:pt-br|en|es))?/?$"),
    "gob.mx": re.compile(r"^/[^/]+/?$"),
    "gob.pe": re.compile(r"^/(?:institucion/)?(?![0-9]+-)[^/]+/?$"),
    "argentina.gob.ar": re.compile(r"^/[^/]+(?:/[^/]+)?/?$"),
    "gov.ie": re.compile(r"^/[a-z]{2}/[^/]+/?$"),
    "gov.uk": re.compile(r"^/government/organisations/[^/]+/?$"),
}
# A site's own root, a language root (/en, /pt-br) or its index file.
_ROOT = re.compile(r"^/?(?:[a-z]{2}(?:[-_][a-z]{2})?/?|index\.[a-z]+)?$", re.IGNORECASE)


def is_front_page(url: str) -> bool:
    """A front page backs no figure: a source must be the page that states it."""
    parts = urllib.parse.urlsplit(url)
    if parts.query or parts.fragment:
        return False
    section = _SECTION_ROOTS.get(host_of(url).removeprefix("www."))
    return bool(_ROOT.match(parts.path) or (section and section.match(parts.path)))


def host_of(url: str) -> str:
    return (urllib.parse.urlsplit(url).hostname or "").lower()


def host_kind(host: str) -> HostKind:
    """What the host is; the named lists win over the patterns (a visa agent may call itself an
    embassy in its domain name)."""
    if _PREVIEW.search(host):
        return "preview"
    host = host.removeprefix("www.")
    if host in COMMERCIAL_HOSTS:
        return "commercial"
    if host in PUBLISHER_HOSTS:
        return "publisher"
    if host in AUTHORITY_HOSTS or host in MISSION_HOSTS or host in LAW_TEXT_HOSTS:
        return "authority"
    if _GOVERNMENT.search(host) or _MISSION.search(host):
        return "authority"
    return "unknown"


def check(where: str, sources: Iterable[Source], problems: list[str], warnings: list[str]) -> None:
    """Refuse what cannot be a source; report front pages, which are the authority's but state nothing."""
    for source in sources:
        host = host_of(source.url)
        kind = host_kind(host.rstrip("."))
        if host.endswith("."):
            problems.append(f"{where}: {source.url}: the host ends in a dot; write {host.rstrip('.')}")
        elif kind == "preview":
            problems.append(f"{where}: {source.url} is a staging or preview deployment, not the published site")
        elif kind == "unknown":
            problems.append(
                f"{where}: {host} is neither an authority's domain nor a named secondary publisher "
                "(app/dataset/sources.py); cite the authority, or name the publisher there"
            )
        elif kind in ("commercial", "publisher") and not source.secondary:
            what = "sells photos or visas" if kind == "commercial" else "is not the authority"
            problems.append(f"{where}: {source.url}: {host} {what}; mark it secondary = true")
        if is_front_page(source.url):
            warnings.append(f"{where}: {source.url} is a site's front page; cite the page that states the figures")


def rests_on_commerce(sources: Iterable[Source]) -> bool:
    """Every source sells photos or visas: nothing neutral backs the facts."""
    kinds = [host_kind(host_of(s.url).rstrip(".")) for s in sources]
    return bool(kinds) and all(kind == "commercial" for kind in kinds)


def check_backing(where: str, sources: list[Source], warnings: list[str]) -> None:
    """A document resting only on sellers of photos or visas is reported, not refused: they are
    labelled secondary (or `check` refuses them) and the document says why no authority page was
    used, but the authority's own page should replace them as soon as one is found."""
    if rests_on_commerce(sources):
        warnings.append(f"{where}.sources: only photo or visa sellers back this document; look for the authority's page")
