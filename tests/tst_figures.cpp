// Publication figures: PDF with extractable text at the preset's width, SVG with text elements,
// PNG of width × dpi pixels, the same pixels from the studio and from `sense7 figures`, sidecars
// that pin the data, and the studio's "Export figure…" dialog.

#include "browse/aggregates.h"
#include "browse/digest.h"
#include "browse/sample.h"
#include "browse/trajectory.h"
#include "browser/aggregateview.h"
#include "browser/browserwindow.h"
#include "charts/aggregatecharts.h"
#include "charts/chartdata.h"
#include "charts/figure.h"
#include "export/writer.h"
#include "figuredialog.h"
#include "guisupport.h"
#include "i18n.h"
#include "import/importer.h"
#include "livesupport.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QJsonDocument>
#include <QLabel>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <qcustomplot.h>

#include <numeric>

using namespace sense7;

namespace {

/** The MediaBox of a one-page PDF, in points. */
QRectF mediaBox(const QByteArray &pdf)
{
    static const QRegularExpression box(
        QStringLiteral(R"(/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\])"));
    const auto m = box.match(QString::fromLatin1(pdf));
    if (!m.hasMatch())
        return {};
    return QRectF(QPointF(m.captured(1).toDouble(), m.captured(2).toDouble()),
                  QPointF(m.captured(3).toDouble(), m.captured(4).toDouble()));
}

/** The text pdftotext (poppler-utils, installed by tools/setup) finds in \a path. */
QString pdfText(const QString &path)
{
    QProcess process;
    // -raw: in drawing order, so slanted labels come out as words.
    process.start(QStringLiteral("pdftotext"), {QStringLiteral("-raw"), path, QStringLiteral("-")});
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return QStringLiteral("<pdftotext failed: %1>").arg(process.errorString());
    return QString::fromUtf8(process.readAllStandardOutput());
}

/** The plot layout's colour scale; nullptr when there is none. */
QCPColorScale *colourScale(QCustomPlot *plot)
{
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto *scale = qobject_cast<QCPColorScale *>(plot->plotLayout()->elementAt(i)))
            return scale;
    return nullptr;
}

/** How far \a a is from \a b, the largest difference of a channel. */
int colourDistance(const QColor &a, const QColor &b)
{
    return std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                     std::abs(a.blue() - b.blue())});
}

Dimension dimension(const QString &key, int scaleMin, int scaleMax)
{
    Dimension d;
    d.key = key;
    d.name = key;
    d.scaleMin = scaleMin;
    d.scaleMax = scaleMax;
    return d;
}

series::Estimate estimate(double mean, double halfWidth)
{
    series::Estimate e;
    e.n = 10;
    e.mean = mean;
    e.low = mean - halfWidth;
    e.high = mean + halfWidth;
    return e;
}

/**
 * ESConv's JSON with \a dialogues dialogues (a participant each, as ESConv is imported): six
 * supporter replies each, the seeker's feedback after every other, emotion and problem types
 * from short lists. Deterministic, so the means differ from participant to participant.
 */
void writeEsconv(const QString &path, int dialogues)
{
    static const char *const emotions[] = {"anxiety", "depression", "sadness", "anger", "fear"};
    static const char *const problems[] = {"job crisis", "ongoing depression",
                                           "breakup with partner", "academic pressure"};
    QJsonArray all;
    for (int i = 0; i < dialogues; ++i) {
        QJsonArray dialog;
        for (int t = 0; t < 6; ++t) {
            dialog.append(QJsonObject {
                {QStringLiteral("speaker"), QStringLiteral("seeker")},
                {QStringLiteral("annotation"), QJsonObject()},
                {QStringLiteral("content"), QStringLiteral("Seeker %1 says %2.").arg(i).arg(t)}});
            dialog.append(QJsonObject {
                {QStringLiteral("speaker"), QStringLiteral("supporter")},
                {QStringLiteral("annotation"),
                 QJsonObject {{QStringLiteral("strategy"), QStringLiteral("Question")}}},
                {QStringLiteral("content"),
                 QStringLiteral("Supporter %1 answers %2.").arg(i).arg(t)}});
            if (t % 2 == 1)
                dialog.append(QJsonObject {
                    {QStringLiteral("speaker"), QStringLiteral("seeker")},
                    {QStringLiteral("annotation"),
                     QJsonObject {
                         {QStringLiteral("feedback"), QString::number(1 + (i * 7 + t * 3) % 5)}}},
                    {QStringLiteral("content"), QStringLiteral("Thanks %1 %2.").arg(i).arg(t)}});
        }
        all.append(
            QJsonObject {{QStringLiteral("experience_type"), QStringLiteral("Previous Experience")},
                         {QStringLiteral("emotion_type"), QLatin1String(emotions[i % 5])},
                         {QStringLiteral("problem_type"), QLatin1String(problems[i % 4])},
                         {QStringLiteral("situation"), QStringLiteral("Situation %1").arg(i)},
                         {QStringLiteral("dialog"), dialog}});
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    file.write(QJsonDocument(all).toJson(QJsonDocument::Compact));
}

/** How many data points \a plot draws: graphs', bars' and error bars' points, defined cells. */
int plottedPoints(QCustomPlot *plot)
{
    int points = 0;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable *p = plot->plottable(i);
        if (auto *graph = qobject_cast<QCPGraph *>(p))
            points += graph->data()->size();
        else if (auto *bars = qobject_cast<QCPBars *>(p))
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
                points += it->value > 0 ? 1 : 0;
        else if (auto *map = qobject_cast<QCPColorMap *>(p))
            for (int x = 0; x < map->data()->keySize(); ++x)
                for (int y = 0; y < map->data()->valueSize(); ++y)
                    points += std::isnan(map->data()->cell(x, y)) ? 0 : 1;
    }
    return points;
}

browse::Aggregates demoAggregates(const QString &path,
                                  series::Cluster cluster = series::Cluster::Participant)
{
    auto store = Store::open(path);
    digest::refresh(*store);
    return browse::computeAggregates(*store, {}, QStringLiteral("task_type"), {}, cluster);
}

/** A sidecar's point against the estimate it was written from. */
void comparePoint(const QJsonObject &point, const series::Estimate &e)
{
    QVERIFY(std::abs(point.value(QStringLiteral("estimate")).toDouble() - e.mean) < 1e-12);
    QCOMPARE(point.value(QStringLiteral("n")).toInt(), e.n);
    QCOMPARE(point.value(QStringLiteral("ratings")).toInt(), e.ratings);
    if (e.hasInterval()) {
        QVERIFY(std::abs(point.value(QStringLiteral("lower")).toDouble() - e.low) < 1e-12);
        QVERIFY(std::abs(point.value(QStringLiteral("upper")).toDouble() - e.high) < 1e-12);
    } else {
        QVERIFY(point.value(QStringLiteral("lower")).isNull());
        QVERIFY(point.value(QStringLiteral("upper")).isNull());
    }
}

} // namespace

class TestFigures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pdfHasTextAndPresetWidth_data();
    void pdfHasTextAndPresetWidth();
    void svgHasTextElements();
    void pngHasWidthTimesDpiPixels_data();
    void pngHasWidthTimesDpiPixels();
    void studioAndCommandLineDrawTheSameFigure();
    void sidecarPinsFiltersAndData();
    void figureDialogPreviewsAndSaves();
    void browserExportsTheChartInFront();
    void intervalsAreDrawnWhole();
    void meansStartAtTheScaleMinimum();
    void meansFollowAnyScale();
    void wideScaleIsShownInTenths();
    void titleCanBeLeftOut();
    void correlationHasAColourScale();
    void longDimensionNamesKeepEveryLabel();
    void missingCorrelationsLeaveCellsEmpty();
    void legendsHaveTitles_data();
    void legendsHaveTitles();
    void esconvFiguresDrawTheInstrumentAndSkipTheRest();
    void groupByAFieldAnImporterStored();
    void heatMapOfManyParticipantsIsOrderedAndThinned();
    void unavailableChartsSayWhyInTheBrowser();
    void sidecarListsThePlottedNumbers();
    void noIntervalLeavesTheScaleNorComesBelowThree();
    void pointsShowTheirNOnHover();
    void cellsAndBarsShowTheirNOnHover();
    void breaksTitleGivesTheRangeOfN();
    void titlesPromiseNoIntervalThatIsNotDrawn();
    void figureDialogChoosesTheClusters();
    void contextChartReportsKruskalWallis();
    void conversationSidecarListsItsRatings();
    void unratedConversationIsSkipped();
    void liveConditionsAndSessionsAreDrawn();

private:
    QTemporaryDir m_dir;
    QString m_db;
    QString m_esconv; // ESConv's shape, esconvDialogues participants
    static constexpr int esconvDialogues = 210;
};

void TestFigures::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("figures"));
    i18n::install(QLocale(QLocale::English));
    m_db = m_dir.filePath(QStringLiteral("demo.sense7"));
    test::makeDemoDataSet(m_db);
    // ESConv's shape at more than 200 participants, imported as `sense7 import` does.
    m_esconv = m_dir.filePath(QStringLiteral("esconv.sense7"));
    const QString json = m_dir.filePath(QStringLiteral("esconv.json"));
    writeEsconv(json, esconvDialogues);
    auto store = Store::create(m_esconv);
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(json).imported, esconvDialogues);
    digest::refresh(*store);
}

void TestFigures::pdfHasTextAndPresetWidth_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<double>("points");
    QTest::newRow("single") << "single" << 3.5 * 72;
    QTest::newRow("double") << "double" << 7.16 * 72;
}

void TestFigures::pdfHasTextAndPresetWidth()
{
    QFETCH(QString, preset);
    QFETCH(double, points);
    const browse::Aggregates a = demoAggregates(m_db);
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Distribution, a);
    charts::FigureStyle style;
    style.preset = *charts::FigureStyle::presetFromKey(preset);
    const QString path = m_dir.filePath(QStringLiteral("distribution-%1.pdf").arg(preset));
    charts::saveFigure(&plot, style, charts::FigureFormat::Pdf, path);
    const QRectF box = mediaBox(test::readFile(path));
    QVERIFY2(std::abs(box.width() - points) <= 1.0, qPrintable(QString::number(box.width())));
    QVERIFY(box.height() > 0.3 * box.width());
    const QString text = pdfText(path);
    QVERIFY2(text.contains(QStringLiteral("Rating distribution per dimension")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Acknowledgment")));
    QVERIFY(text.contains(QStringLiteral("ratings")));
    QVERIFY(text.contains(QStringLiteral("Support")));
}

void TestFigures::svgHasTextElements()
{
    const browse::Aggregates a = demoAggregates(m_db);
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Assistants, a);
    const QString path = m_dir.filePath(QStringLiteral("assistants.svg"));
    charts::saveFigure(&plot, {}, charts::FigureFormat::Svg, path);
    const QString svg = QString::fromUtf8(test::readFile(path));
    QVERIFY(svg.contains(QStringLiteral("width=\"88.9mm\"")));
    QVERIFY(svg.count(QStringLiteral("<text")) >= 15);
    QVERIFY(svg.contains(QRegularExpression(QStringLiteral(">\\s*Acknowledgment\\s*</text>"))));
    QVERIFY(svg.contains(QStringLiteral("gpt-4o")));
    QVERIFY(svg.contains(QStringLiteral("font-family=\"DejaVu Sans\"")));
}

void TestFigures::pngHasWidthTimesDpiPixels_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("dpi");
    QTest::addColumn<int>("width");
    QTest::newRow("single 300") << "single" << 300 << 1050;
    QTest::newRow("single 600") << "single" << 600 << 2100;
    QTest::newRow("double 150") << "double" << 150 << 1074;
}

void TestFigures::pngHasWidthTimesDpiPixels()
{
    QFETCH(QString, preset);
    QFETCH(int, dpi);
    QFETCH(int, width);
    const browse::Aggregates a = demoAggregates(m_db);
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Correlation, a);
    charts::FigureStyle style;
    style.preset = *charts::FigureStyle::presetFromKey(preset);
    const QString path =
        m_dir.filePath(QStringLiteral("correlation-%1-%2.png").arg(preset).arg(dpi));
    charts::saveFigure(&plot, style, charts::FigureFormat::Png, path, dpi);
    const QImage image(path);
    QCOMPARE(image.width(), width);
    QCOMPARE(image.height(), qRound(style.inches().height() * dpi));
    QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
    // Drawn on, not blank: the title's black text and the map's colours are there.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 20);
}

void TestFigures::studioAndCommandLineDrawTheSameFigure()
{
    const QString out = m_dir.filePath(QStringLiteral("cli"));
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
               out, QStringLiteral("--format"), QStringLiteral("png,pdf,svg"),
               QStringLiteral("--dpi"), QStringLiteral("200")});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    for (int i = 0; i < charts::chartCount; ++i)
        for (const char *ext : {"png", "pdf", "svg"})
            QVERIFY(QFile::exists(QDir(out).filePath(charts::chartKey(charts::Chart(i))
                                                     + QLatin1Char('.') + QLatin1String(ext))));

    // The browser's own chart, exported the way its dialog does, gives the same pixels.
    const browse::Aggregates a = demoAggregates(m_db);
    for (const charts::Chart chart : {charts::Chart::Distribution, charts::Chart::Participants}) {
        QCustomPlot plot;
        charts::drawAggregate(&plot, chart, a);
        const QImage studio = charts::renderImage(&plot, {}, 200);
        const QImage fromCli(QDir(out).filePath(charts::chartKey(chart) + QStringLiteral(".png")));
        QCOMPARE(fromCli.size(), studio.size());
        QVERIFY2(fromCli.convertToFormat(QImage::Format_ARGB32)
                     == studio.convertToFormat(QImage::Format_ARGB32),
                 qPrintable(charts::chartKey(chart)));
    }
}

void TestFigures::sidecarPinsFiltersAndData()
{
    const QString db = m_dir.filePath(QStringLiteral("sidecar.sense7"));
    test::makeDemoDataSet(db);
    const auto figures = [&](const QString &out) {
        QProcess cli;
        cli.start(QStringLiteral(SENSE7_CLI),
                  {QStringLiteral("figures"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   out, QStringLiteral("--chart"), QStringLiteral("trajectory"),
                   QStringLiteral("--participant"), QStringLiteral("P01"),
                   QStringLiteral("--preset"), QStringLiteral("double")});
        cli.waitForFinished(60000);
        return QJsonDocument::fromJson(
                   test::readFile(QDir(out).filePath(QStringLiteral("trajectory.pdf.json"))))
            .object();
    };
    const QJsonObject first = figures(m_dir.filePath(QStringLiteral("sidecar-1")));
    QCOMPARE(first.value(QStringLiteral("chart")).toString(), QStringLiteral("trajectory"));
    QCOMPARE(first.value(QStringLiteral("version")).toString(), QStringLiteral(SENSE7_VERSION));
    QCOMPARE(
        first.value(QStringLiteral("filters")).toObject().value(QStringLiteral("participants")),
        QJsonValue(QJsonArray {QStringLiteral("P01")}));
    QCOMPARE(first.value(QStringLiteral("style")).toObject().value(QStringLiteral("width_in")),
             QJsonValue(7.16));
    QVERIFY(!QDir(m_dir.filePath(QStringLiteral("sidecar-1")))
                 .exists(QStringLiteral("distribution.pdf"))); // --chart chose one
    const QString hash = first.value(QStringLiteral("data_hash")).toString();
    QCOMPARE(hash.size(), 64);
    // Same data, same hash; one rating changed, another hash.
    QCOMPARE(
        figures(m_dir.filePath(QStringLiteral("sidecar-2"))).value(QStringLiteral("data_hash")),
        QJsonValue(hash));
    {
        auto store = Store::open(db);
        sql::Statement update(test::connection(*store),
                              "UPDATE rating SET value = 6 - value WHERE (turn_id, dimension_id, "
                              "annotator_id) = (SELECT r.turn_id, r.dimension_id, r.annotator_id "
                              "FROM rating r JOIN turn t ON t.id = r.turn_id JOIN conversation c "
                              "ON c.id = t.conversation_id JOIN participant p ON p.id = "
                              "c.participant_id JOIN annotator a ON a.id = r.annotator_id WHERE "
                              "p.code = 'P01' AND a.code = 'self' AND r.value IS NOT NULL "
                              "AND r.value <> 3 LIMIT 1)");
        update.run();
    }
    QVERIFY(figures(m_dir.filePath(QStringLiteral("sidecar-3"))).value(QStringLiteral("data_hash"))
            != QJsonValue(hash));
}

void TestFigures::figureDialogPreviewsAndSaves()
{
    QSettings().clear();
    const browse::Aggregates a = demoAggregates(m_db);
    FigureDialog dialog(
        [&a](QCustomPlot *plot) { charts::drawAggregate(plot, charts::Chart::Breaks, a); },
        QStringLiteral("breaks"), {{QStringLiteral("chart"), QStringLiteral("breaks")}});
    dialog.show();
    const QPixmap preview = dialog.preview()->pixmap();
    QVERIFY(!preview.isNull());
    // The preview is the figure at the screen's resolution: 3.5 in wide.
    QCOMPARE(qRound(preview.width() / preview.devicePixelRatio()),
             qRound(3.5 * std::max(72, dialog.logicalDpiX())));
    auto *preset = dialog.findChild<QComboBox *>(QStringLiteral("figurePreset"));
    preset->setCurrentIndex(1);
    QCOMPARE(qRound(dialog.preview()->pixmap().width() / preview.devicePixelRatio()),
             qRound(7.16 * std::max(72, dialog.logicalDpiX())));
    QCOMPARE(dialog.style().pointSize(), 9.0);
    test::keepScreenshot(&dialog, QStringLiteral("figure-dialog.png"));

    auto *title = dialog.findChild<QCheckBox *>(QStringLiteral("figureTitle"));
    QVERIFY(title->isChecked());
    QVERIFY(dialog.style().title);
    title->setChecked(false);
    QVERIFY(!dialog.style().title);
    auto *format = dialog.findChild<QComboBox *>(QStringLiteral("figureFormat"));
    format->setCurrentIndex(format->findData(int(charts::FigureFormat::Svg)));
    const QString path = m_dir.filePath(QStringLiteral("dialog.svg"));
    QVERIFY(dialog.saveTo(path));
    QVERIFY(test::readFile(path).contains("<text"));
    const QJsonObject sidecar =
        QJsonDocument::fromJson(test::readFile(path + QStringLiteral(".json"))).object();
    QCOMPARE(sidecar.value(QStringLiteral("chart")).toString(), QStringLiteral("breaks"));
    QCOMPARE(sidecar.value(QStringLiteral("format")).toString(), QStringLiteral("svg"));
    QCOMPARE(sidecar.value(QStringLiteral("style")).toObject().value(QStringLiteral("title")),
             QJsonValue(false));
    QVERIFY(!test::readFile(path).contains("flagged breaks"));
    // The choices are remembered for the next figure.
    FigureDialog again(
        [&a](QCustomPlot *plot) { charts::drawAggregate(plot, charts::Chart::Breaks, a); },
        QStringLiteral("breaks"), {});
    QCOMPARE(again.format(), charts::FigureFormat::Svg);
    QCOMPARE(again.style().preset, charts::FigureStyle::Preset::Double);
    QVERIFY(!again.style().title);
}

void TestFigures::browserExportsTheChartInFront()
{
    QSettings().clear(); // the title back on
    auto store = Store::open(m_db);
    BrowserWindow window;
    QVERIFY(window.setStore(store.get()));
    QSignalSpy computed(window.charts(), &AggregateView::computed);
    QVERIFY(computed.wait(20000));
    window.charts()->tabs()->setCurrentIndex(int(charts::Chart::Correlation));
    auto *action = window.findChild<QAction *>(QStringLiteral("exportFigureAction"));
    QVERIFY(action->isEnabled());
    action->trigger();
    auto *dialog = window.findChild<FigureDialog *>();
    QVERIFY(dialog);
    QVERIFY(!dialog->preview()->pixmap().isNull());
    const QString path = m_dir.filePath(QStringLiteral("browser.pdf"));
    QVERIFY(dialog->saveTo(path));
    QVERIFY(pdfText(path).contains(QStringLiteral("Spearman correlation")));
    const QJsonObject sidecar =
        QJsonDocument::fromJson(test::readFile(path + QStringLiteral(".json"))).object();
    QCOMPARE(sidecar.value(QStringLiteral("chart")).toString(), QStringLiteral("correlation"));
    QCOMPARE(sidecar.value(QStringLiteral("data_hash")).toString(),
             browse::dataHash(*store, exporter::selectConversations(*store, {})));
    QVERIFY(dialog->clusterChoice()->isHidden()); // correlations have no intervals
    dialog->close();
    delete dialog;
    // A chart of means: the dialog recomputes it for the units chosen, and records them.
    window.charts()->tabs()->setCurrentIndex(int(charts::Chart::Breaks));
    action->trigger();
    dialog = window.findChild<FigureDialog *>();
    QVERIFY(dialog);
    QVERIFY(!dialog->clusterChoice()->isHidden());
    test::keepScreenshot(dialog, QStringLiteral("figure-dialog-clusters.png"));
    dialog->clusterChoice()->setCurrentIndex(
        dialog->clusterChoice()->findData(int(series::Cluster::Conversation)));
    const QString breaks = m_dir.filePath(QStringLiteral("browser-breaks.pdf"));
    QVERIFY(dialog->saveTo(breaks));
    const QJsonObject clustered =
        QJsonDocument::fromJson(test::readFile(breaks + QStringLiteral(".json"))).object();
    QCOMPARE(clustered.value(QStringLiteral("cluster")).toString(), QStringLiteral("conversation"));
    const browse::Aggregates byConversation = demoAggregates(m_db, series::Cluster::Conversation);
    QCOMPARE(clustered.value(QStringLiteral("plotted")),
             QJsonValue(charts::plottedData(charts::Chart::Breaks, byConversation)));
    dialog->close();
    // The detection table is not a chart: nothing to export.
    window.charts()->tabs()->setCurrentIndex(AggregateView::ChartCount);
    QVERIFY(!action->isEnabled());
}

void TestFigures::intervalsAreDrawnWhole()
{
    const browse::Aggregates a = demoAggregates(m_db);
    for (const charts::Chart chart : {charts::Chart::Assistants, charts::Chart::Breaks}) {
        QCustomPlot plot;
        charts::drawAggregate(&plot, chart, a);
        const int dpi = 300;
        const QImage image = charts::renderImage(&plot, {}, dpi);
        const double scale = double(dpi) / charts::layoutDpi;
        int errorBars = 0;
        int pixels = 0;
        for (int i = 0; i < plot.plottableCount(); ++i) {
            QVERIFY2(!qobject_cast<QCPBars *>(plot.plottable(i)), "means are points, not bars");
            auto *errors = qobject_cast<QCPErrorBars *>(plot.plottable(i));
            if (!errors)
                continue;
            ++errorBars;
            auto *points = qobject_cast<QCPGraph *>(errors->dataPlottable());
            QVERIFY(points);
            // Drawn after, so above, every point, line and bar.
            for (int j = 0; j < plot.plottableCount(); ++j)
                if (!qobject_cast<QCPErrorBars *>(plot.plottable(j)))
                    QVERIFY(errors->layer()->index() > plot.plottable(j)->layer()->index());
            // Every pixel between the whiskers has the interval's colour: nothing covers it.
            const QColor expected = errors->pen().color();
            for (int k = 0; k < points->dataCount(); ++k) {
                const double key = points->data()->at(k)->key;
                const double value = points->data()->at(k)->value;
                const QCPErrorBarsData bar = errors->data()->at(k);
                if (std::isnan(bar.errorPlus)) // too few units for an interval: none drawn
                    continue;
                const int x = int(plot.xAxis->coordToPixel(key) * scale);
                const int top = int(plot.yAxis->coordToPixel(value + bar.errorPlus) * scale) + 3;
                const int bottom =
                    int(plot.yAxis->coordToPixel(value - bar.errorMinus) * scale) - 3;
                for (int y = top; y <= bottom; ++y, ++pixels) {
                    // The line is about 4 pixels wide: its core lies within two of x.
                    QColor seen;
                    for (int dx = -2; dx <= 2; ++dx) {
                        const QColor c = image.pixelColor(x + dx, y);
                        if (!seen.isValid()
                            || colourDistance(c, expected) < colourDistance(seen, expected))
                            seen = c;
                    }
                    QVERIFY2(colourDistance(seen, expected) <= 24,
                             qPrintable(QStringLiteral("%1 at %2,%3: %4, not %5")
                                            .arg(charts::chartKey(chart))
                                            .arg(x)
                                            .arg(y)
                                            .arg(seen.name(), expected.name())));
                }
            }
        }
        QVERIFY(errorBars > 0);
        QVERIFY2(pixels > 200, qPrintable(QString::number(pixels)));
    }
}

void TestFigures::meansStartAtTheScaleMinimum()
{
    const browse::Aggregates a = demoAggregates(m_db);
    const QCPRange scale(a.dimensions.first().scaleMin, a.dimensions.first().scaleMax);
    for (const charts::Chart chart : {charts::Chart::Assistants, charts::Chart::Context,
                                      charts::Chart::Trajectory, charts::Chart::Breaks}) {
        QCustomPlot plot;
        charts::drawAggregate(&plot, chart, a);
        charts::renderImage(&plot, {}, 100);
        QVERIFY2(plot.yAxis->range() == scale,
                 qPrintable(QStringLiteral("%1: %2 to %3")
                                .arg(charts::chartKey(chart))
                                .arg(plot.yAxis->range().lower)
                                .arg(plot.yAxis->range().upper)));
    }
}

void TestFigures::meansFollowAnyScale()
{
    // An instrument rated 0–10: the axis spans 0–10 and no interval reaches past it.
    const QVector<Dimension> dimensions {dimension(QStringLiteral("calm"), 0, 10),
                                         dimension(QStringLiteral("care"), 0, 10)};
    series::GroupMeans means;
    means.groups = {QStringLiteral("A"), QStringLiteral("B")};
    means.cells = {{estimate(0.5, 2.0), estimate(9.6, 1.5)}, {estimate(5, 1), estimate(7, 0.5)}};
    QCustomPlot plot;
    charts::drawGroupMeans(&plot, means, dimensions, QStringLiteral("Groups"),
                           QStringLiteral("none"), QStringLiteral("Group"));
    QCOMPARE(plot.yAxis->range(), QCPRange(0, 10));
    int intervals = 0;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        auto *errors = qobject_cast<QCPErrorBars *>(plot.plottable(i));
        if (!errors)
            continue;
        auto *points = qobject_cast<QCPGraph *>(errors->dataPlottable());
        for (int k = 0; k < points->dataCount(); ++k, ++intervals) {
            const double value = points->data()->at(k)->value;
            QVERIFY(value - errors->data()->at(k).errorMinus >= 0.0);
            QVERIFY(value + errors->data()->at(k).errorPlus <= 10.0);
        }
    }
    QCOMPARE(intervals, 4);

    series::Trajectory trajectory;
    trajectory.centres = {0.25, 0.75};
    trajectory.mean = {estimate(0.4, 1.0), estimate(8, 3)};
    charts::drawMeanTrajectory(&plot, trajectory, dimensions);
    QCOMPARE(plot.yAxis->range(), QCPRange(0, 10));
    for (int g = 0; g < plot.graphCount(); ++g)
        for (int k = 0; k < plot.graph(g)->dataCount(); ++k) {
            QVERIFY(plot.graph(g)->data()->at(k)->value >= 0.0);
            QVERIFY(plot.graph(g)->data()->at(k)->value <= 10.0);
        }

    series::BreakAligned aligned;
    aligned.offsets = {-1, 0, 1};
    aligned.mean = {estimate(9, 2), estimate(1, 2), estimate(4, 1)};
    aligned.breaks = 3;
    charts::drawBreakAligned(&plot, aligned, dimensions);
    QCOMPARE(plot.yAxis->range(), QCPRange(0, 10));
}

void TestFigures::wideScaleIsShownInTenths()
{
    // PRISM's 1-100: the distribution in ten bands of ten points, not a hundred bars and a
    // hundred legend entries; the conversation's trajectory labelled every ten points, none
    // outside the scale.
    const QVector<Dimension> dimensions {dimension(QStringLiteral("score"), 1, 100)};
    series::Distribution distribution;
    distribution.counts = {QVector<int>(100, 0)};
    distribution.counts[0][4] = 2; // 5
    distribution.counts[0][72] = 3; // 73
    distribution.counts[0][99] = 5; // 100
    QCustomPlot plot;
    charts::drawDistribution(&plot, distribution, dimensions);
    QStringList names;
    QMap<QString, double> shares;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        auto *bars = qobject_cast<QCPBars *>(plot.plottable(i));
        QVERIFY(bars);
        names.append(bars->name());
        shares.insert(bars->name(), bars->data()->at(0)->value);
    }
    QCOMPARE(names.size(), 10);
    QCOMPARE(names.first(), QStringLiteral("1–10"));
    QCOMPARE(names.at(7), QStringLiteral("71–80"));
    QCOMPARE(names.last(), QStringLiteral("91–100"));
    QCOMPARE(shares.value(QStringLiteral("1–10")), 20.0);
    QCOMPARE(shares.value(QStringLiteral("71–80")), 30.0);
    QCOMPARE(shares.value(QStringLiteral("91–100")), 50.0);
    QCOMPARE(shares.value(QStringLiteral("41–50")), 0.0);
    QCOMPARE(plot.legend->itemCount(), 10);
    // 0-100 in ten bands too, the last of eleven points.
    series::Distribution hundred;
    hundred.counts = {QVector<int>(101, 1)};
    charts::drawDistribution(&plot, hundred, {dimension(QStringLiteral("vas"), 0, 100)});
    QCOMPARE(plot.plottableCount(), 10);
    QCOMPARE(plot.plottable(0)->name(), QStringLiteral("0–9"));
    QCOMPARE(plot.plottable(9)->name(), QStringLiteral("90–100"));
    QCOMPARE(qobject_cast<QCPBars *>(plot.plottable(9))->data()->at(0)->value, 1100.0 / 101);

    browse::ConversationTrajectory t;
    t.instrument = QStringLiteral("prism");
    t.dimensions = dimensions;
    t.turnIds = {1, 2};
    t.turnIndexes = {1, 3};
    t.values = {{73, 100}};
    t.mean = {73.0, 100.0};
    charts::drawConversationTrajectory(&plot, t, -1);
    QVector<double> ticks;
    QVector<QString> labels;
    plot.yAxis->ticker()->generate(plot.yAxis->range(), QLocale(), QLatin1Char('g'), 6, ticks,
                                   nullptr, &labels);
    QCOMPARE(ticks.first(), 10.0);
    QCOMPARE(ticks.last(), 100.0);
    QCOMPARE(ticks.size(), 10);
    QVERIFY(plot.yAxis->range().contains(100.0));
    QVERIFY(plot.yAxis->range().contains(1.0));
}

void TestFigures::titleCanBeLeftOut()
{
    const browse::Aggregates a = demoAggregates(m_db);
    charts::FigureStyle style;
    QVERIFY(style.title);
    QCOMPARE(style.toJson().value(QStringLiteral("title")), QJsonValue(true));
    {
        QCustomPlot plot;
        charts::drawAggregate(&plot, charts::Chart::Distribution, a);
        charts::renderImage(&plot, style, 100);
        QVERIFY(charts::plotTitle(&plot));
        QCOMPARE(charts::plotTitle(&plot)->text(),
                 QStringLiteral("Rating distribution per dimension"));
    }
    style.title = false;
    QCOMPARE(style.toJson().value(QStringLiteral("title")), QJsonValue(false));
    for (const auto preset :
         {charts::FigureStyle::Preset::Single, charts::FigureStyle::Preset::Double}) {
        style.preset = preset;
        for (int i = 0; i < charts::chartCount; ++i) {
            QCustomPlot plot;
            charts::drawAggregate(&plot, charts::Chart(i), a);
            charts::renderImage(&plot, style, 100);
            QVERIFY(!charts::plotTitle(&plot));
            for (int e = 0; e < plot.plotLayout()->elementCount(); ++e)
                QVERIFY(!qobject_cast<QCPTextElement *>(plot.plotLayout()->elementAt(e)));
            // The top tick label, centred on the axes' top, still fits in the figure.
            const QFontMetrics metrics(plot.yAxis->tickLabelFont());
            QVERIFY2(plot.axisRect()->top() >= metrics.height() / 2,
                     qPrintable(charts::chartKey(charts::Chart(i))));
        }
    }
    // A PDF without its title has no title text, the axes' text stays.
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Distribution, a);
    const QString path = m_dir.filePath(QStringLiteral("untitled.pdf"));
    charts::saveFigure(&plot, style, charts::FigureFormat::Pdf, path);
    const QString text = pdfText(path).simplified();
    QVERIFY2(!text.contains(QStringLiteral("Rating distribution")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Share of ratings")), qPrintable(text));
}

void TestFigures::correlationHasAColourScale()
{
    const browse::Aggregates a = demoAggregates(m_db);
    for (const auto preset :
         {charts::FigureStyle::Preset::Single, charts::FigureStyle::Preset::Double}) {
        QCustomPlot plot;
        charts::drawAggregate(&plot, charts::Chart::Correlation, a);
        QCPColorScale *scale = colourScale(&plot);
        QVERIFY(scale);
        QCOMPARE(scale->dataRange(), QCPRange(-1, 1));
        QCOMPARE(scale->label(), QStringLiteral("Spearman ρ"));
        auto *map = qobject_cast<QCPColorMap *>(plot.plottable(0));
        QVERIFY(map);
        QCOMPARE(map->colorScale(), scale);
        QCOMPARE(map->dataRange(), QCPRange(-1, 1));
        charts::FigureStyle style;
        style.preset = preset;
        charts::renderImage(&plot, style, 100);
        // The bar, its ticks and its label lie inside the figure, below the axes.
        const QRect figure(QPoint(0, 0), plot.viewport().size());
        QVERIFY(figure.contains(scale->outerRect()));
        QVERIFY(scale->rect().height() > 8);
        QVERIFY(scale->outerRect().top() >= plot.axisRect()->outerRect().bottom());
    }
}

void TestFigures::longDimensionNamesKeepEveryLabel()
{
    // A protocol's long names are shortened to the room below the chart, on one or two lines, and
    // every one is drawn: the first, slanted past the axis, was left out, and the others took most
    // of the figure.
    browse::Aggregates a = demoAggregates(m_db);
    QVERIFY(a.dimensions.size() >= 7);
    a.dimensions[0].name =
        QStringLiteral("Acknowledgment of what I told the assistant in my message");
    a.dimensions[2].name = QStringLiteral("Emotional attunement and sustained responsiveness");
    for (Dimension &d : a.dimensions)
        d.translations.clear();
    for (const auto preset :
         {charts::FigureStyle::Preset::Single, charts::FigureStyle::Preset::Double}) {
        charts::FigureStyle style;
        style.preset = preset;
        for (const auto chart : {charts::Chart::Distribution, charts::Chart::Participants,
                                 charts::Chart::Correlation}) {
            const QString what = charts::chartKey(chart)
                + (preset == charts::FigureStyle::Preset::Single ? QStringLiteral(" single")
                                                                 : QStringLiteral(" double"));
            QCustomPlot plot;
            charts::drawAggregate(&plot, chart, a);
            const QString path = m_dir.filePath(QStringLiteral("long.svg"));
            charts::saveFigure(&plot, style, charts::FigureFormat::Svg, path);
            const QString svg = QString::fromUtf8(test::readFile(path));
            const auto ticker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
            QVERIFY(ticker);
            QCOMPARE(ticker->ticks().size(), a.dimensions.size());
            const QStringList labels = ticker->ticks().values();
            QCOMPARE(labels.at(1), a.dimensions[1].name); // a short name stays whole
            for (const int shortened : {0, 2}) {
                const QString label = labels.at(shortened);
                QVERIFY2(label.endsWith(QChar(0x2026)),
                         qPrintable(what + QLatin1Char(' ') + label));
                QVERIFY2(a.dimensions[shortened].name.startsWith(
                             label.chopped(1).replace(QLatin1Char('\n'), QLatin1Char(' '))),
                         qPrintable(what + QLatin1Char(' ') + label));
            }
            for (const QString &label : labels)
                for (const QString &line : label.split(QLatin1Char('\n'))) {
                    QVERIFY2(line.size() <= 24, qPrintable(what + QLatin1Char(' ') + line));
                    QVERIFY2(svg.contains(QRegularExpression(QStringLiteral(">\\s*")
                                                             + QRegularExpression::escape(line)
                                                             + QStringLiteral("\\s*</text>"))),
                             qPrintable(what + QStringLiteral(": not drawn: ") + line));
                }
        }
    }
}

void TestFigures::missingCorrelationsLeaveCellsEmpty()
{
    // Two dimensions never rated together: the off-diagonal cells have no ρ and stay white,
    // rather than taking the colour of ρ = −1 (or of any other value).
    const QVector<Dimension> dimensions {dimension(QStringLiteral("calm"), 1, 5),
                                         dimension(QStringLiteral("care"), 1, 5)};
    series::Correlation correlation;
    correlation.rho = {{1.0, std::nullopt}, {std::nullopt, 1.0}};
    correlation.n = {{12, 0}, {0, 12}};
    QCustomPlot plot;
    charts::drawCorrelation(&plot, correlation, dimensions);
    const int dpi = 100;
    const QImage image = charts::renderImage(&plot, {}, dpi);
    const double scale = double(dpi) / charts::layoutDpi;
    const auto cell = [&](double column, double row) {
        return image.pixelColor(int(plot.xAxis->coordToPixel(column) * scale),
                                int(plot.yAxis->coordToPixel(row) * scale) + 8);
    };
    QCOMPARE(cell(2, 1), QColor(Qt::white));
    QCOMPARE(cell(1, 2), QColor(Qt::white));
    QVERIFY(colourDistance(cell(1, 1), QColor(Qt::white)) > 60); // ρ = 1 is coloured
}

void TestFigures::legendsHaveTitles_data()
{
    QTest::addColumn<int>("chart");
    QTest::addColumn<QString>("title");
    QTest::addColumn<bool>("beside");
    QTest::newRow("distribution") << int(charts::Chart::Distribution) << "Rating" << true;
    QTest::newRow("assistants") << int(charts::Chart::Assistants) << "Assistant" << true;
    QTest::newRow("context") << int(charts::Chart::Context) << "What kind of task was it?" << false;
}

void TestFigures::legendsHaveTitles()
{
    QFETCH(int, chart);
    QFETCH(QString, title);
    QFETCH(bool, beside);
    const browse::Aggregates a = demoAggregates(m_db);
    for (const auto preset :
         {charts::FigureStyle::Preset::Single, charts::FigureStyle::Preset::Double}) {
        QCustomPlot plot;
        charts::drawAggregate(&plot, charts::Chart(chart), a);
        QCPTextElement *heading = charts::legendTitle(&plot);
        QVERIFY(heading);
        QCOMPARE(heading->text(), title);
        QVERIFY(plot.legend->visible());
        charts::FigureStyle style;
        style.preset = preset;
        charts::renderImage(&plot, style, 100);
        // Left of the entries (a long title above them), whole, inside the figure.
        const QRect figure(QPoint(0, 0), plot.viewport().size());
        const QRect legend = plot.legend->outerRect();
        QVERIFY(figure.contains(heading->outerRect()));
        QVERIFY(figure.contains(legend));
        QVERIFY(heading->rect().width() >= QFontMetrics(heading->font()).horizontalAdvance(title));
        if (beside)
            QVERIFY(heading->outerRect().right() <= legend.left());
        else
            QVERIFY(heading->outerRect().bottom() <= legend.top());
        QVERIFY(legend.top() >= plot.axisRect()->outerRect().bottom());
    }
}

void TestFigures::sidecarListsThePlottedNumbers()
{
    const QString out = m_dir.filePath(QStringLiteral("plotted"));
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
               out, QStringLiteral("--cluster"), QStringLiteral("conversation")});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    const browse::Aggregates a = demoAggregates(m_db, series::Cluster::Conversation);
    const auto sidecar = [&](charts::Chart chart) {
        const QJsonObject object =
            QJsonDocument::fromJson(test::readFile(QDir(out).filePath(
                                        charts::chartKey(chart) + QStringLiteral(".pdf.json"))))
                .object();
        return object;
    };
    // Means per group: a series per group, a point per dimension with a mean.
    for (const charts::Chart chart :
         {charts::Chart::Assistants, charts::Chart::Context, charts::Chart::Participants}) {
        const QJsonObject object = sidecar(chart);
        QCOMPARE(object.value(QStringLiteral("cluster")).toString(),
                 QStringLiteral("conversation"));
        const QJsonObject plotted = object.value(QStringLiteral("plotted")).toObject();
        QCOMPARE(plotted.value(QStringLiteral("cluster")).toString(),
                 QStringLiteral("conversation"));
        const series::GroupMeans &means = chart == charts::Chart::Assistants ? a.agents
            : chart == charts::Chart::Context                                ? a.context
                                                                             : a.participants;
        const QJsonArray list = plotted.value(QStringLiteral("series")).toArray();
        QCOMPARE(list.size(), means.groups.size());
        int points = 0;
        for (int g = 0; g < list.size(); ++g) {
            const QJsonObject one = list[g].toObject();
            QCOMPARE(one.value(QStringLiteral("name")).toString(), means.groups[g]);
            const QJsonArray array = one.value(QStringLiteral("points")).toArray();
            int k = 0;
            for (int d = 0; d < a.dimensions.size(); ++d) {
                if (!means.cells[g][d].defined())
                    continue;
                const QJsonObject point = array[k++].toObject();
                QCOMPARE(point.value(QStringLiteral("category")).toString(), a.dimensions[d].key);
                comparePoint(point, means.cells[g][d]);
                ++points;
            }
            QCOMPARE(array.size(), k);
        }
        QVERIFY(points > 10);
    }
    // Points along x: the trajectory's bins and the offsets from a break.
    const QJsonArray trajectory = sidecar(charts::Chart::Trajectory)
                                      .value(QStringLiteral("plotted"))
                                      .toObject()
                                      .value(QStringLiteral("series"))
                                      .toArray()[0]
                                      .toObject()
                                      .value(QStringLiteral("points"))
                                      .toArray();
    int k = 0;
    for (int b = 0; b < a.trajectory.centres.size(); ++b) {
        if (!a.trajectory.mean[b].defined())
            continue;
        const QJsonObject point = trajectory[k++].toObject();
        QCOMPARE(point.value(QStringLiteral("x")).toDouble(), a.trajectory.centres[b]);
        comparePoint(point, a.trajectory.mean[b]);
    }
    QCOMPARE(trajectory.size(), k);
    const QJsonArray breaks = sidecar(charts::Chart::Breaks)
                                  .value(QStringLiteral("plotted"))
                                  .toObject()
                                  .value(QStringLiteral("series"))
                                  .toArray()[0]
                                  .toObject()
                                  .value(QStringLiteral("points"))
                                  .toArray();
    k = 0;
    for (int i = 0; i < a.aligned.offsets.size(); ++i) {
        if (!a.aligned.mean[i].defined())
            continue;
        const QJsonObject point = breaks[k++].toObject();
        QCOMPARE(point.value(QStringLiteral("x")).toInt(), a.aligned.offsets[i]);
        comparePoint(point, a.aligned.mean[i]);
    }
    QCOMPARE(breaks.size(), k);
    // The distribution's shares and counts.
    const QJsonArray levels = sidecar(charts::Chart::Distribution)
                                  .value(QStringLiteral("plotted"))
                                  .toObject()
                                  .value(QStringLiteral("series"))
                                  .toArray();
    QCOMPARE(levels.size(), a.distribution.counts[0].size());
    const QJsonObject first =
        levels[0].toObject().value(QStringLiteral("points")).toArray()[0].toObject();
    QCOMPARE(first.value(QStringLiteral("count")).toInt(), a.distribution.counts[0][0]);
}

void TestFigures::noIntervalLeavesTheScaleNorComesBelowThree()
{
    // Every cluster choice: the plotted data, not only the picture.
    for (const series::Cluster cluster :
         {series::Cluster::Participant, series::Cluster::Conversation, series::Cluster::None}) {
        const browse::Aggregates a = demoAggregates(m_db, cluster);
        const QCPRange scale(a.dimensions.first().scaleMin, a.dimensions.first().scaleMax);
        int bars = 0, none = 0;
        // Means per group: group g's points and error bars, a bar per defined mean.
        for (const charts::Chart chart : {charts::Chart::Assistants, charts::Chart::Context}) {
            QCustomPlot plot;
            charts::drawAggregate(&plot, chart, a);
            const series::GroupMeans &means =
                chart == charts::Chart::Assistants ? a.agents : a.context;
            int g = 0;
            for (int i = 0; i < plot.plottableCount(); ++i) {
                auto *errors = qobject_cast<QCPErrorBars *>(plot.plottable(i));
                if (!errors)
                    continue;
                auto *points = qobject_cast<QCPGraph *>(errors->dataPlottable());
                int k = 0;
                for (int d = 0; d < a.dimensions.size(); ++d) {
                    const series::Estimate &e = means.cells[g][d];
                    if (!e.defined())
                        continue;
                    const double value = points->data()->at(k)->value;
                    const QCPErrorBarsData bar = errors->data()->at(k++);
                    QCOMPARE(value, e.mean);
                    if (e.n < series::minimumIntervalN) {
                        QVERIFY(std::isnan(bar.errorMinus) && std::isnan(bar.errorPlus));
                        ++none;
                        continue;
                    }
                    QVERIFY(value - bar.errorMinus >= scale.lower - 1e-12);
                    QVERIFY(value + bar.errorPlus <= scale.upper + 1e-12);
                    ++bars;
                }
                QCOMPARE(errors->dataCount(), k);
                ++g;
            }
            QCOMPARE(g, means.groups.size());
        }
        // Around breaks: one graph with its bars.
        {
            QCustomPlot plot;
            charts::drawAggregate(&plot, charts::Chart::Breaks, a);
            QCPErrorBars *errors = nullptr;
            for (int i = 0; i < plot.plottableCount(); ++i)
                if (auto *e = qobject_cast<QCPErrorBars *>(plot.plottable(i)))
                    errors = e;
            QVERIFY(errors);
            int k = 0;
            for (const series::Estimate &e : a.aligned.mean) {
                if (!e.defined())
                    continue;
                const QCPErrorBarsData bar = errors->data()->at(k++);
                QCOMPARE(std::isnan(bar.errorPlus), e.n < series::minimumIntervalN);
                if (!std::isnan(bar.errorPlus)) {
                    QVERIFY(e.mean - bar.errorMinus >= scale.lower - 1e-12);
                    QVERIFY(e.mean + bar.errorPlus <= scale.upper + 1e-12);
                }
            }
        }
        // The trajectory's band: its edges on the scale, a gap (NaN) where n < 3.
        {
            QCustomPlot plot;
            charts::drawAggregate(&plot, charts::Chart::Trajectory, a);
            QCPGraph *low = plot.graph(0);
            QCPGraph *high = plot.graph(1);
            QVERIFY(high->channelFillGraph() == low);
            int k = 0;
            for (const series::Estimate &e : a.trajectory.mean) {
                if (!e.defined())
                    continue;
                const double lo = low->data()->at(k)->value;
                const double hi = high->data()->at(k++)->value;
                if (e.n < series::minimumIntervalN) {
                    QVERIFY(std::isnan(lo) && std::isnan(hi));
                    ++none;
                } else {
                    QVERIFY(lo >= scale.lower && hi <= scale.upper && lo <= e.mean && e.mean <= hi);
                    ++bars;
                }
            }
        }
        // The demo data have both: means of fewer than three units and of more.
        QVERIFY2(bars > 0, qPrintable(series::clusterKey(cluster)));
        if (cluster == series::Cluster::Participant)
            QVERIFY(none > 0);
    }
}

void TestFigures::pointsShowTheirNOnHover()
{
    const browse::Aggregates a = demoAggregates(m_db);
    QCustomPlot plot;
    plot.resize(600, 400);
    charts::drawAggregate(&plot, charts::Chart::Breaks, a);
    plot.replot();
    QCPGraph *mean = nullptr;
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto *graph = qobject_cast<QCPGraph *>(plot.plottable(i)); graph && graph->dataCount())
            mean = graph;
    QVERIFY(mean);
    int k = 0;
    for (const series::Estimate &e : a.aligned.mean) {
        if (!e.defined())
            continue;
        const auto point = mean->data()->at(k++);
        const QPointF at = mean->coordsToPixels(point->key, point->value);
        const QString tip = charts::pointTip(&plot, at + QPointF(2, -1));
        QVERIFY2(tip.contains(QStringLiteral("n = %1").arg(e.n)), qPrintable(tip));
        QCOMPARE(tip.contains(QStringLiteral("95% CI")), e.hasInterval());
    }
    QVERIFY(charts::pointTip(&plot, QPointF(-50, -50)).isEmpty());
}

void TestFigures::cellsAndBarsShowTheirNOnHover()
{
    const browse::Aggregates a = demoAggregates(m_db);
    QCustomPlot plot;
    plot.resize(700, 500);
    const auto centre = [&plot](double key, double value) {
        return QPointF(plot.xAxis->coordToPixel(key), plot.yAxis->coordToPixel(value));
    };

    charts::drawAggregate(&plot, charts::Chart::Participants, a);
    plot.replot();
    QVERIFY(a.participants.groups.size() >= 2);
    int cells = 0;
    for (int r = 0; r < a.participants.groups.size(); ++r)
        for (int c = 0; c < a.dimensions.size(); ++c) {
            const series::Estimate &e = a.participants.cells[r][c];
            if (!e.defined())
                continue;
            const QString tip = charts::pointTip(&plot, centre(c + 1, r + 1));
            QVERIFY2(tip.startsWith(a.participants.groups[r] + QLatin1String(" · ")
                                    + a.dimensions[c].displayName()),
                     qPrintable(tip));
            QVERIFY2(tip.contains(QStringLiteral("n = %1").arg(e.n)), qPrintable(tip));
            ++cells;
        }
    QVERIFY(cells > 0);

    charts::drawAggregate(&plot, charts::Chart::Correlation, a);
    plot.replot();
    const QString rho = charts::pointTip(&plot, centre(1, 2));
    QVERIFY2(rho.contains(QStringLiteral("n = %1").arg(a.correlation.n[1][0])), qPrintable(rho));
    QVERIFY2(rho.startsWith(a.dimensions[1].displayName()), qPrintable(rho));

    charts::drawAggregate(&plot, charts::Chart::Distribution, a);
    plot.replot();
    const QVector<int> &counts = a.distribution.counts[0];
    const int total = std::accumulate(counts.begin(), counts.end(), 0);
    double below = 0;
    for (int level = 0; level < counts.size(); ++level) {
        const double share = 100.0 * counts[level] / total;
        if (counts[level] > 0) {
            const QString tip = charts::pointTip(&plot, centre(1, below + share / 2));
            QVERIFY2(tip.contains(
                         QStringLiteral("(%1 of n = %2 ratings)").arg(counts[level]).arg(total)),
                     qPrintable(tip));
        }
        below += share;
    }
    QVERIFY(charts::pointTip(&plot, QPointF(-50, -50)).isEmpty());
}

void TestFigures::breaksTitleGivesTheRangeOfN()
{
    const browse::Aggregates a = demoAggregates(m_db);
    int fewest = 1000, most = 0;
    for (const series::Estimate &e : a.aligned.mean)
        if (e.defined()) {
            fewest = std::min(fewest, e.n);
            most = std::max(most, e.n);
        }
    QVERIFY(fewest < most); // the demo's breaks: some points have fewer units
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Breaks, a);
    const QString title = charts::plotTitle(&plot)->text();
    QVERIFY2(title.contains(QStringLiteral("n = %1–%2 per point").arg(fewest).arg(most)),
             qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral("around %1 flagged breaks").arg(a.aligned.breaks)),
             qPrintable(title));
}

void TestFigures::titlesPromiseNoIntervalThatIsNotDrawn()
{
    const browse::Aggregates a = demoAggregates(m_db);
    int fewest = 1000, most = 0;
    bool drawn = false;
    for (const series::Estimate &e : a.trajectory.mean)
        if (e.defined()) {
            fewest = std::min(fewest, e.n);
            most = std::max(most, e.n);
            drawn = drawn || e.hasInterval();
        }
    QVERIFY(drawn && fewest < most);
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Trajectory, a);
    QString title = charts::plotTitle(&plot)->text();
    QVERIFY2(title.contains(QStringLiteral("95% band, n = %1–%2 per point").arg(fewest).arg(most)),
             qPrintable(title));

    // Every point below three units: no band and no interval is drawn, and the titles say so.
    browse::Aggregates few = a;
    for (series::Estimate &e : few.trajectory.mean)
        e.n = std::min(e.n, 2);
    for (series::Estimate &e : few.aligned.mean)
        e.n = std::min(e.n, 2);
    charts::drawAggregate(&plot, charts::Chart::Trajectory, few);
    title = charts::plotTitle(&plot)->text();
    QVERIFY2(!title.contains(QLatin1String("95%")), qPrintable(title));
    QVERIFY2(title.contains(QLatin1String("too few for an interval")), qPrintable(title));
    charts::drawAggregate(&plot, charts::Chart::Breaks, few);
    title = charts::plotTitle(&plot)->text();
    QVERIFY2(!title.contains(QLatin1String("95%")), qPrintable(title));
    QVERIFY2(title.contains(QLatin1String("too few for an interval")), qPrintable(title));
    for (const charts::Chart chart : {charts::Chart::Assistants, charts::Chart::Context}) {
        charts::drawAggregate(&plot, chart, a);
        QVERIFY2(charts::plotTitle(&plot)->text().contains(QLatin1String("(means, 95% CI)")),
                 qPrintable(charts::plotTitle(&plot)->text()));
    }
    for (series::GroupMeans *means : {&few.agents, &few.context})
        for (auto &row : means->cells)
            for (series::Estimate &e : row)
                e.n = std::min(e.n, 2);
    for (const charts::Chart chart : {charts::Chart::Assistants, charts::Chart::Context}) {
        charts::drawAggregate(&plot, chart, few);
        title = charts::plotTitle(&plot)->text();
        QVERIFY2(!title.contains(QLatin1String("95%")), qPrintable(title));
        QVERIFY2(title.contains(QLatin1String("too few for an interval")), qPrintable(title));
    }
}

void TestFigures::figureDialogChoosesTheClusters()
{
    QSettings().clear();
    const browse::Aggregates byParticipant = demoAggregates(m_db);
    const browse::Aggregates byRating = demoAggregates(m_db, series::Cluster::None);
    QJsonObject details {{QStringLiteral("chart"), QStringLiteral("breaks")},
                         {QStringLiteral("cluster"), QStringLiteral("participant")}};
    FigureDialog dialog(
        [&](QCustomPlot *plot) {
            charts::drawAggregate(plot, charts::Chart::Breaks, byParticipant);
        },
        QStringLiteral("breaks"), details);
    auto *choice = dialog.findChild<QComboBox *>(QStringLiteral("figureCluster"));
    QVERIFY(choice);
    QVERIFY(choice->isHidden()); // a dialog that was offered no choice shows none
    QVector<series::Cluster> asked;
    dialog.offerChoices({}, {}, series::Cluster::Participant,
                        [&](const QString &, series::Cluster cluster) -> FigureDialog::Drawing {
                            asked.append(cluster);
                            const browse::Aggregates &a =
                                cluster == series::Cluster::None ? byRating : byParticipant;
                            QJsonObject d = details;
                            d.insert(QStringLiteral("plotted"),
                                     charts::plottedData(charts::Chart::Breaks, a));
                            return {[&a](QCustomPlot *plot) {
                                        charts::drawAggregate(plot, charts::Chart::Breaks, a);
                                    },
                                    {},
                                    d};
                        });
    QVERIFY(!choice->isHidden());
    QVERIFY(dialog.instrumentChoice()->isHidden()); // no instruments offered: no choice
    choice->setCurrentIndex(choice->findData(int(series::Cluster::None)));
    QCOMPARE(asked,
             (QVector<series::Cluster> {series::Cluster::Participant, series::Cluster::None}));
    const QString path = m_dir.filePath(QStringLiteral("clusters.pdf"));
    QVERIFY(dialog.saveTo(path));
    const QJsonObject sidecar =
        QJsonDocument::fromJson(test::readFile(path + QStringLiteral(".json"))).object();
    QCOMPARE(sidecar.value(QStringLiteral("cluster")).toString(), QStringLiteral("none"));
    QCOMPARE(sidecar.value(QStringLiteral("plotted"))
                 .toObject()
                 .value(QStringLiteral("cluster"))
                 .toString(),
             QStringLiteral("none"));
}

void TestFigures::contextChartReportsKruskalWallis()
{
    const browse::Aggregates a = demoAggregates(m_db);
    QCOMPARE(a.contextTests.size(), a.dimensions.size());
    const QJsonArray tests =
        charts::plottedData(charts::Chart::Context, a).value(QStringLiteral("tests")).toArray();
    QCOMPARE(tests.size(), a.dimensions.size());
    for (int d = 0; d < tests.size(); ++d) {
        const QJsonObject t = tests[d].toObject();
        QCOMPARE(t.value(QStringLiteral("dimension")).toString(), a.dimensions[d].key);
        QVERIFY(a.contextTests[d].h);
        QCOMPARE(t.value(QStringLiteral("h")).toDouble(), *a.contextTests[d].h);
        QCOMPARE(t.value(QStringLiteral("p")).toDouble(), *a.contextTests[d].p);
        QVERIFY(*a.contextTests[d].p >= 0 && *a.contextTests[d].p <= 1);
    }
    // The command line prints it; the studio shows it under the chart.
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
               m_dir.filePath(QStringLiteral("kw")), QStringLiteral("--chart"),
               QStringLiteral("context")});
    QVERIFY(cli.waitForFinished(60000));
    const QString printed = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(printed.contains(QStringLiteral("Kruskal–Wallis")), qPrintable(printed));
    QVERIFY(printed.contains(charts::groupTestLines(a).first()));
    AggregateView view;
    QSignalSpy computed(&view, &AggregateView::computed);
    view.setDataSet(m_db);
    QVERIFY(computed.wait(60000));
    QVERIFY2(view.contextTests()->text().contains(QStringLiteral("H = ")),
             qPrintable(view.contextTests()->text()));

    // Hovering a point of the around-breaks chart shows its n.
    view.resize(800, 600);
    view.show();
    view.tabs()->setCurrentIndex(AggregateView::Breaks);
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCustomPlot *plot = view.plot(AggregateView::Breaks);
    plot->replot();
    QCPGraph *mean = nullptr;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto *graph = qobject_cast<QCPGraph *>(plot->plottable(i)); graph && graph->dataCount())
            mean = graph;
    QVERIFY(mean);
    const auto point = mean->data()->at(0);
    const QPoint at = mean->coordsToPixels(point->key, point->value).toPoint();
    QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(QStringLiteral("n = ")), qPrintable(QToolTip::text()));
}

void TestFigures::conversationSidecarListsItsRatings()
{
    auto store = Store::open(m_db);
    const qint64 id = store->conversationSummaries().first().id;
    const QString out = m_dir.filePath(QStringLiteral("one"));
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
               out, QStringLiteral("--conversation"), QString::number(id)});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    const QJsonArray list =
        QJsonDocument::fromJson(
            test::readFile(QDir(out).filePath(QStringLiteral("conversation-%1.pdf.json").arg(id))))
            .object()
            .value(QStringLiteral("plotted"))
            .toObject()
            .value(QStringLiteral("series"))
            .toArray();
    const browse::ConversationTrajectory t =
        browse::conversationTrajectory(*store, id, store->selfAnnotatorId());
    QCOMPARE(list.size(), t.dimensions.size() + 1); // and the mean
    int points = 0;
    for (int d = 0; d < t.dimensions.size(); ++d) {
        const QJsonObject one = list[d].toObject();
        QCOMPARE(one.value(QStringLiteral("name")).toString(), t.dimensions[d].key);
        int k = 0;
        const QJsonArray array = one.value(QStringLiteral("points")).toArray();
        for (int reply = 0; reply < t.values[d].size(); ++reply) {
            if (!t.values[d][reply])
                continue;
            const QJsonObject point = array[k++].toObject();
            QCOMPARE(point.value(QStringLiteral("x")).toInt(), reply + 1);
            QCOMPARE(point.value(QStringLiteral("estimate")).toDouble(),
                     double(*t.values[d][reply]));
            QCOMPARE(point.value(QStringLiteral("n")).toInt(), 1);
            ++points;
        }
        QCOMPARE(array.size(), k);
    }
    QVERIFY(points > 0);
    // The mean's n is the number of dimensions rated at that reply, not one.
    const QJsonArray means = list.last().toObject().value(QStringLiteral("points")).toArray();
    int k = 0;
    for (int reply = 0; reply < t.mean.size(); ++reply) {
        if (!t.mean[reply])
            continue;
        int rated = 0;
        for (const auto &values : t.values)
            rated += values[reply] ? 1 : 0;
        QCOMPARE(means[k++].toObject().value(QStringLiteral("n")).toInt(), rated);
    }
    QVERIFY(k > 0);
    // Which units the points are stands in the sidecar, as for every other chart.
    const QJsonObject plotted =
        QJsonDocument::fromJson(
            test::readFile(QDir(out).filePath(QStringLiteral("conversation-%1.pdf.json").arg(id))))
            .object()
            .value(QStringLiteral("plotted"))
            .toObject();
    QCOMPARE(plotted.value(QStringLiteral("cluster")).toString(), QStringLiteral("none"));
    QVERIFY(!plotted.value(QStringLiteral("interval")).toString().isEmpty());
}

void TestFigures::unratedConversationIsSkipped()
{
    const QString db = m_dir.filePath(QStringLiteral("unrated.sense7"));
    QVERIFY(QFile::copy(m_db, db));
    qint64 id = 0;
    {
        auto store = Store::open(db);
        id = store->conversationSummaries().first().id;
        test::connection(*store).exec(
            QByteArray("DELETE FROM rating WHERE turn_id IN (SELECT id FROM turn WHERE "
                       "conversation_id = "
                       + QByteArray::number(id) + ")")
                .constData());
    }
    const QString out = m_dir.filePath(QStringLiteral("unrated"));
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), db, QStringLiteral("--out"), out,
               QStringLiteral("--conversation"), QString::number(id)});
    QVERIFY(cli.waitForFinished(60000));
    const QString said = QString::fromUtf8(cli.readAllStandardError());
    QCOMPARE(cli.exitCode(), 1);
    QVERIFY2(said.contains(
                 QStringLiteral("Skipped conversation %1: none of its replies is rated").arg(id)),
             qPrintable(said));
    QCOMPARE(QDir(out).entryList(QDir::Files), QStringList());
}

QTEST_MAIN(TestFigures)
void TestFigures::esconvFiguresDrawTheInstrumentAndSkipTheRest()
{
    const QString out = m_dir.filePath(QStringLiteral("esconv-figures"));
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_esconv, QStringLiteral("--out"),
               out, QStringLiteral("--instrument"), QStringLiteral("esconv")});
    QVERIFY(cli.waitForFinished(60000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(cli.exitCode() == 0, qPrintable(err));
    // One turn-level dimension and no flagged breaks: those two are said and not written.
    QVERIFY2(err.contains(QStringLiteral("Skipped correlation (Correlations): a correlation "
                                         "matrix needs two dimensions or more, and ESConv has "
                                         "one.")),
             qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("Skipped breaks (Around breaks): no reply in the "
                                         "conversations selected is flagged as a break.")),
             qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("5 charts drawn, 2 skipped")), qPrintable(err));
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("correlation.pdf"))));
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("breaks.pdf"))));

    // Each written figure has data, and it is ESConv's: drawn again from the same numbers,
    // every chart plots points, and the sidecar names the instrument.
    auto store = Store::open(m_esconv);
    const browse::Aggregates a =
        browse::computeAggregates(*store, {}, {}, QStringLiteral("esconv"));
    QCOMPARE(a.dimensions.size(), 1);
    QCOMPARE(a.dimensions.first().key, QStringLiteral("feedback"));
    for (const QString &key : {QStringLiteral("distribution"), QStringLiteral("trajectory"),
                               QStringLiteral("assistants"), QStringLiteral("participants"),
                               QStringLiteral("context")}) {
        const QString pdf = QDir(out).filePath(key + QStringLiteral(".pdf"));
        QVERIFY2(QFile::exists(pdf), qPrintable(key));
        const QJsonObject sidecar =
            QJsonDocument::fromJson(test::readFile(pdf + QStringLiteral(".json"))).object();
        QCOMPARE(sidecar.value(QStringLiteral("instrument")).toString(), QStringLiteral("esconv"));
        QCOMPARE(sidecar.value(QStringLiteral("conversations")).toInt(), esconvDialogues);
        const auto chart = *charts::chartFromKey(key);
        QVERIFY(charts::unavailableReason(chart, a).isEmpty());
        QCustomPlot plot;
        charts::drawAggregate(&plot, chart, a);
        QVERIFY2(plottedPoints(&plot) > 0, qPrintable(key));
        QVERIFY2(pdfText(pdf).contains(QStringLiteral("Feedback"))
                     || key == QLatin1String("trajectory"),
                 qPrintable(key));
    }
    // The distribution counts every feedback the file gave: three per dialogue.
    int ratings = 0;
    for (int n : a.distribution.counts.first())
        ratings += n;
    QCOMPARE(ratings, 3 * esconvDialogues);

    // Without --instrument the protocol's primary one (SENSE-7) has no ratings here: nothing is
    // drawn, each chart says why, the exit code is 1, and the other instrument is named.
    const QString none = m_dir.filePath(QStringLiteral("esconv-sense7"));
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_esconv, QStringLiteral("--out"),
               none});
    QVERIFY(cli.waitForFinished(60000));
    const QString noneErr = QString::fromUtf8(cli.readAllStandardError());
    QCOMPARE(cli.exitCode(), 1);
    QCOMPARE(noneErr.count(QStringLiteral("Skipped ")), charts::chartCount);
    QVERIFY2(noneErr.contains(QStringLiteral("0 charts drawn, 7 skipped")), qPrintable(noneErr));
    QVERIFY2(noneErr.contains(QStringLiteral("--instrument"))
                 && noneErr.contains(QStringLiteral("esconv")),
             qPrintable(noneErr));
    QVERIFY(QDir(none).entryList(QDir::Files).isEmpty());
}

void TestFigures::groupByAFieldAnImporterStored()
{
    auto store = Store::open(m_esconv);
    // ESConv's keys, which no context form knows.
    const QStringList keys = browse::contextKeys(*store);
    for (const char *key : {"emotion_type", "problem_type", "experience_type", "situation"})
        QVERIFY2(keys.contains(QLatin1String(key)), qPrintable(keys.join(QLatin1Char(','))));
    const browse::Aggregates a = browse::computeAggregates(
        *store, {}, QStringLiteral("emotion_type"), QStringLiteral("esconv"));
    QCOMPARE(a.context.groups,
             (QStringList {QStringLiteral("anger"), QStringLiteral("anxiety"),
                           QStringLiteral("depression"), QStringLiteral("fear"),
                           QStringLiteral("sadness")}));
    QCOMPARE(a.contextLabel, QStringLiteral("emotion_type")); // the raw key: no form knows it
    for (const series::Estimate &e : a.context.overall) {
        QCOMPARE(e.ratings, 3 * esconvDialogues / 5);
        QCOMPARE(e.n, esconvDialogues / 5); // intervals over participants, one per dialogue
    }
    // No field given: the first key the data have, as no form field is answered.
    QCOMPARE(browse::computeAggregates(*store, {}, {}, QStringLiteral("esconv")).contextField,
             QStringLiteral("emotion_type"));

    // A field with a value per conversation: the 12 groups with the most ratings are drawn, and
    // the legend says how many there were.
    const browse::Aggregates situations = browse::computeAggregates(
        *store, {}, QStringLiteral("situation"), QStringLiteral("esconv"));
    QCOMPARE(situations.context.groups.size(), browse::maxChartGroups);
    QCOMPARE(situations.contextGroups, esconvDialogues);
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Context, situations);
    QCOMPARE(plot.legend->itemCount(), browse::maxChartGroups);
    QCOMPARE(charts::legendTitle(&plot)->text(),
             QStringLiteral("situation (the 12 largest of 210)"));

    const QString out = m_dir.filePath(QStringLiteral("esconv-problem"));
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_esconv, QStringLiteral("--out"),
               out, QStringLiteral("--instrument"), QStringLiteral("esconv"),
               QStringLiteral("--group-by"), QStringLiteral("problem_type"),
               QStringLiteral("--chart"), QStringLiteral("context"), QStringLiteral("--format"),
               QStringLiteral("svg")});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    const QString svgPath = QDir(out).filePath(QStringLiteral("context.svg"));
    const QJsonObject sidecar =
        QJsonDocument::fromJson(test::readFile(svgPath + QStringLiteral(".json"))).object();
    QCOMPARE(sidecar.value(QStringLiteral("group_by")).toString(), QStringLiteral("problem_type"));
    const QString svg = QString::fromUtf8(test::readFile(svgPath));
    for (const char *value : {"job crisis", "ongoing depression", "academic pressure"})
        QVERIFY2(svg.contains(QLatin1String(value)), value);

    // An unknown key is refused, and the message lists the keys there are.
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("figures"), QStringLiteral("--db"), m_esconv, QStringLiteral("--out"),
               out, QStringLiteral("--group-by"), QStringLiteral("shoe_size")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 1);
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("\"shoe_size\""))
                 && err.contains(QStringLiteral("emotion_type"))
                 && err.contains(QStringLiteral("problem_type")),
             qPrintable(err));
}

void TestFigures::heatMapOfManyParticipantsIsOrderedAndThinned()
{
    auto store = Store::open(m_esconv);
    const browse::Aggregates a =
        browse::computeAggregates(*store, {}, {}, QStringLiteral("esconv"));
    const int rows = int(a.participants.groups.size());
    QCOMPARE(rows, esconvDialogues);
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Participants, a);
    // 210 rows: one in 20 named (1-2-5 steps, at most 12 names): rows 1, 21, … 201.
    const auto ticker = plot.yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().size(), 11);
    QVERIFY(ticker->ticks().size() <= charts::maxHeatMapRowLabels);
    QCOMPARE(ticker->ticks().firstKey(), 1.0);
    QCOMPARE(*std::next(ticker->ticks().keyBegin()), 21.0);
    QVERIFY2(plot.yAxis->label().contains(QStringLiteral("n = 210")),
             qPrintable(plot.yAxis->label()));
    QVERIFY(plot.yAxis->label().contains(QStringLiteral("by mean")));
    // No value printed in the cells, which would be a blot at this size.
    QCOMPARE(plot.itemCount(), 0);
    // Ordered by mean, highest first, and every participant has a cell.
    QCPColorMap *map = nullptr;
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto *m = qobject_cast<QCPColorMap *>(plot.plottable(i)))
            map = m;
    QVERIFY(map);
    double previous = qInf();
    for (int r = 0; r < rows; ++r) {
        const double value = map->data()->cell(0, r);
        QVERIFY(!std::isnan(value));
        QVERIFY(value <= previous);
        previous = value;
    }
    QVERIFY(previous < map->data()->cell(0, 0)); // not all equal: the order shows something
    // The top row's name is the participant with the highest mean.
    int best = 0;
    for (int g = 1; g < rows; ++g)
        if (a.participants.overall[g].mean > a.participants.overall[best].mean)
            best = g;
    QCOMPARE(ticker->ticks().first(), a.participants.groups[best]);

    // A few participants: each named, in code order, each cell labelled.
    browse::Aggregates few = a;
    few.participants.groups.resize(5);
    few.participants.cells.resize(5);
    few.participants.overall.resize(5);
    charts::drawAggregate(&plot, charts::Chart::Participants, few);
    QCOMPARE(plot.yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().size(), 5);
    QCOMPARE(plot.itemCount(), 5);

    // Cells without ratings are left out of the map; unlabelled, they would look like the
    // lowest mean (both nearly white): grey behind the map tells them apart, and the colour
    // scale says so.
    browse::Aggregates gaps = a;
    for (int g = 0; g < rows; g += 7)
        gaps.participants.cells[g][0] = series::Estimate();
    charts::drawAggregate(&plot, charts::Chart::Participants, gaps);
    map = qobject_cast<QCPColorMap *>(plot.plottable(0));
    QVERIFY(map);
    QCOMPARE(map->gradient().nanHandling(), QCPColorGradient::nhNanColor);
    QCOMPARE(map->gradient().nanColor(), QColor(0x80, 0x80, 0x80));
    QVERIFY(colourScale(&plot));
    QCOMPARE(colourScale(&plot)->label(), QStringLiteral("Mean rating (grey: no ratings)"));
    const QString png = m_dir.filePath(QStringLiteral("participants-210.png"));
    charts::saveFigure(&plot, {}, charts::FigureFormat::Png, png, 300, {});
    if (const QString keep = qEnvironmentVariable("SENSE7_SCREENSHOT_DIR"); !keep.isEmpty())
        QFile::copy(png, QDir(keep).filePath(QStringLiteral("participants-210.png")));
    charts::drawAggregate(&plot, charts::Chart::Participants, a); // every cell rated: no grey
    QCOMPARE(qobject_cast<QCPColorMap *>(plot.plottable(0))->gradient().nanHandling(),
             QCPColorGradient::nhTransparent);
    QCOMPARE(colourScale(&plot)->label(), QStringLiteral("Mean rating"));
}

void TestFigures::unavailableChartsSayWhyInTheBrowser()
{
    auto store = Store::open(m_esconv);
    const browse::Aggregates a =
        browse::computeAggregates(*store, {}, {}, QStringLiteral("esconv"));
    // Drawn anyway (a browser tab), such a chart holds only its reason: no map, no points.
    QCustomPlot plot;
    charts::drawAggregate(&plot, charts::Chart::Correlation, a);
    QCOMPARE(plot.plottableCount(), 0);
    auto *text = plot.findChild<QCPItemText *>(QStringLiteral("unavailable"));
    QVERIFY(text);
    const QString said = text->text().replace(QLatin1Char('\n'), QLatin1Char(' '));
    QVERIFY2(said.contains(QStringLiteral("a correlation matrix needs two dimensions or more")),
             qPrintable(said));
    // The next chart in the same plot has its axes back.
    charts::drawAggregate(&plot, charts::Chart::Distribution, a);
    QVERIFY(plot.xAxis->visible() && plot.yAxis->visible());
    QVERIFY(charts::plotTitle(&plot));

    // The figure dialog, for an instrument without ratings, says why and does not save.
    const auto primary = browse::computeAggregates(*store, {});
    FigureDialog dialog([](QCustomPlot *) {}, QStringLiteral("correlation"), {});
    dialog.offerChoices(
        {{QStringLiteral("sense7"), QStringLiteral("SENSE-7")},
         {QStringLiteral("esconv"), QStringLiteral("ESConv")}},
        QStringLiteral("esconv"), std::nullopt,
        [&](const QString &key, series::Cluster) -> FigureDialog::Drawing {
            const browse::Aggregates &chosen = key == QLatin1String("esconv") ? a : primary;
            const QString reason = charts::unavailableReason(charts::Chart::Distribution, chosen);
            if (!reason.isEmpty())
                return {nullptr, reason, {}};
            return {[chosen](QCustomPlot *p) {
                        charts::drawAggregate(p, charts::Chart::Distribution, chosen);
                    },
                    {},
                    {}};
        });
    QVERIFY(dialog.instrumentChoice()->isVisibleTo(&dialog));
    QVERIFY(!dialog.clusterChoice()->isVisibleTo(&dialog)); // a distribution has no intervals
    QVERIFY(!dialog.preview()->pixmap().isNull());
    test::keepScreenshot(&dialog, QStringLiteral("figure-dialog-esconv.png"));
    dialog.instrumentChoice()->setCurrentIndex(0); // SENSE-7: no ratings in this data set
    QVERIFY(dialog.preview()->pixmap().isNull());
    QVERIFY2(dialog.preview()->text().contains(QStringLiteral("no reply")),
             qPrintable(dialog.preview()->text()));
    auto *save = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save);
    QVERIFY(!save->isEnabled());
    test::keepScreenshot(&dialog, QStringLiteral("figure-dialog-unavailable.png"));
    const QString path = m_dir.filePath(QStringLiteral("unavailable.pdf"));
    bool warned = false;
    QTimer::singleShot(0, qApp, [&warned] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            warned = box->text().contains(QStringLiteral("cannot be drawn"));
            box->close();
        }
    });
    QVERIFY(!dialog.saveTo(path));
    QVERIFY(warned);
    QVERIFY(!QFile::exists(path));
}

void TestFigures::liveConditionsAndSessionsAreDrawn()
{
    const QString db = m_dir.filePath(QStringLiteral("live.sense7"));
    test::makeDemoDataSet(db, test::liveProtocol());
    qint64 resumed = 0;
    {
        auto store = Store::open(db);
        resumed = test::addLiveConversation(
            *store, QStringLiteral("L01"), QStringLiteral("empathic"),
            {{QStringLiteral("hi"), QStringLiteral("hello"), 5},
             {QStringLiteral("more"), QStringLiteral("sure"), 4},
             {QStringLiteral("back again"), QStringLiteral("welcome back"), 4, true},
             {QStringLiteral("thanks"), QStringLiteral("any time"), 5}});
        test::addLiveConversation(
            *store, QStringLiteral("L02"), QStringLiteral("forgetful"),
            {{QStringLiteral("hi"), QStringLiteral("who are you?"), 2},
             {QStringLiteral("me again"), QStringLiteral("have we met?"), 1, true}});
        digest::refresh(*store);
    }
    const auto run = [&](const QStringList &more) {
        QProcess cli;
        cli.start(QStringLiteral(SENSE7_CLI),
                  QStringList {QStringLiteral("figures"), QStringLiteral("--db"), db} + more);
        return cli.waitForFinished(60000) && cli.exitCode() == 0
            ? QString()
            : QString::fromUtf8(cli.readAllStandardError());
    };
    const auto sidecar = [](const QString &path) {
        return QJsonDocument::fromJson(test::readFile(path)).object();
    };
    const auto names = [](const QJsonObject &object) {
        QStringList result;
        for (const QJsonValue &s : object.value(QStringLiteral("plotted"))
                                       .toObject()
                                       .value(QStringLiteral("series"))
                                       .toArray())
            result.append(s.toObject().value(QStringLiteral("name")).toString());
        return result;
    };

    // Conditions compared by default (the data set has live conversations), imported ones as
    // one group; by condition in chart 7 on request.
    const QString out = m_dir.filePath(QStringLiteral("live-figures"));
    QString error =
        run({QStringLiteral("--out"), out, QStringLiteral("--chart"), QStringLiteral("assistants"),
             QStringLiteral("--chart"), QStringLiteral("context"), QStringLiteral("--group-by"),
             QStringLiteral("condition")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QJsonObject assistants =
        sidecar(QDir(out).filePath(QStringLiteral("assistants.pdf.json")));
    QCOMPARE(assistants.value(QStringLiteral("by")).toString(), QStringLiteral("condition"));
    QCOMPARE(names(assistants),
             (QStringList {QString(), QStringLiteral("empathic"), QStringLiteral("forgetful")}));
    QVERIFY(pdfText(QDir(out).filePath(QStringLiteral("assistants.pdf")))
                .contains(QStringLiteral("Conditions compared")));
    const QJsonObject context = sidecar(QDir(out).filePath(QStringLiteral("context.pdf.json")));
    QCOMPARE(context.value(QStringLiteral("group_by")).toString(), QStringLiteral("condition"));
    QCOMPARE(names(context), names(assistants));

    // --by assistant: the names participants saw, and only the live conversations.
    const QString byName = m_dir.filePath(QStringLiteral("live-by-name"));
    error = run({QStringLiteral("--out"), byName, QStringLiteral("--chart"),
                 QStringLiteral("assistants"), QStringLiteral("--by"), QStringLiteral("assistant"),
                 QStringLiteral("--condition"), QStringLiteral("empathic"),
                 QStringLiteral("--condition"), QStringLiteral("forgetful")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QJsonObject named = sidecar(QDir(byName).filePath(QStringLiteral("assistants.pdf.json")));
    QCOMPARE(named.value(QStringLiteral("by")).toString(), QStringLiteral("assistant"));
    QCOMPARE(names(named),
             (QStringList {QStringLiteral("Assistant A"), QStringLiteral("Assistant B")}));
    QCOMPARE(named.value(QStringLiteral("conversations")).toInt(), 2);
    QVERIFY(!run({QStringLiteral("--out"), byName, QStringLiteral("--condition"),
                  QStringLiteral("nosuch")})
                 .isEmpty());

    // The resumed conversation's trajectory: a dashed line before its third reply, "Session 2".
    const QString one = m_dir.filePath(QStringLiteral("live-one"));
    error = run({QStringLiteral("--out"), one, QStringLiteral("--conversation"),
                 QString::number(resumed), QStringLiteral("--format"), QStringLiteral("pdf,png"),
                 QStringLiteral("--dpi"), QStringLiteral("150")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString figure = QDir(one).filePath(QStringLiteral("conversation-%1.pdf").arg(resumed));
    const QJsonArray sessions = sidecar(figure + QStringLiteral(".json"))
                                    .value(QStringLiteral("plotted"))
                                    .toObject()
                                    .value(QStringLiteral("sessions"))
                                    .toArray();
    QCOMPARE(sessions.size(), 1);
    QCOMPARE(sessions[0].toObject().value(QStringLiteral("session")).toInt(), 2);
    QCOMPARE(sessions[0].toObject().value(QStringLiteral("first_reply")).toInt(), 3);
    QCOMPARE(sessions[0].toObject().value(QStringLiteral("x")).toDouble(), 2.5);
    // Upright text comes out of pdftotext a word a line.
    const QString text = pdfText(figure).simplified();
    QVERIFY2(text.contains(QStringLiteral("Session 2")), qPrintable(text));
    if (const QString keep = qEnvironmentVariable("SENSE7_SCREENSHOT_DIR"); !keep.isEmpty())
        QFile::copy(QDir(one).filePath(QStringLiteral("conversation-%1.png").arg(resumed)),
                    QDir(keep).filePath(QStringLiteral("figure-sessions.png")));

    auto store = Store::open(db, Store::Access::ReadOnly);
    QCustomPlot plot;
    charts::drawConversationTrajectory(
        &plot, browse::conversationTrajectory(*store, resumed, store->selfAnnotatorId()), -1);
    QStringList labels;
    int lines = 0;
    for (int i = 0; i < plot.itemCount(); ++i) {
        if (plot.item(i)->objectName() == QLatin1String("session")) {
            auto *line = qobject_cast<QCPItemStraightLine *>(plot.item(i));
            QCOMPARE(line->pen().style(), Qt::DashLine);
            QCOMPARE(line->point1->coords().x(), 2.5);
            ++lines;
        }
        if (plot.item(i)->objectName() == QLatin1String("sessionLabel"))
            labels.append(qobject_cast<QCPItemText *>(plot.item(i))->text());
    }
    QCOMPARE(lines, 1);
    QCOMPARE(labels, QStringList {QStringLiteral("Session 2")});
}

#include "tst_figures.moc"
