// Studies under the shipped protocols, end to end, the way a researcher runs them: `sense7 init
// --protocol`, `sense7 import`, rating in the studio from the keyboard (offscreen), `sense7
// export`, `sense7 figures --instrument`, a model's ratings and `sense7 evaluate`. Each step reads
// back what the previous one wrote. (A bundle from another protocol being refused is
// tst_protocol's bundleFromAnotherProtocolIsRefused; the panel's behaviour on other scales is
// tst_ratingpanel's.)

#include "conversationpage.h"
#include "guisupport.h"
#include "mainwindow.h"
#include "protocol.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"
#include "testsupport.h"
#include "turnpage.h"
#include "workspace.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProgressBar>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace sense7;

namespace {

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

Result sense7Cli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(SENSE7_CLI), arguments);
    if (!process.waitForFinished(120000))
        qFatal("sense7 did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

/** Rows of a CSV without quoted commas or line breaks (the exports' key columns have none). */
QVector<QStringList> csvRows(const QString &path)
{
    QVector<QStringList> rows;
    const QString text = QString::fromUtf8(test::readFile(path));
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        rows.append(line.split(QLatin1Char(',')));
    return rows;
}

/** The sum of the estimates and of the counts a figure's sidecar says it plotted. */
struct Plotted
{
    int series = 0;
    int points = 0;
    double estimates = 0;
    bool hasNumbers = false;
};

Plotted plotted(const QString &sidecar)
{
    const QJsonObject root = QJsonDocument::fromJson(test::readFile(sidecar)).object();
    Plotted p;
    for (const QJsonValue &series : root.value(QStringLiteral("plotted"))
                                        .toObject()
                                        .value(QStringLiteral("series"))
                                        .toArray()) {
        ++p.series;
        for (const QJsonValue &point :
             series.toObject().value(QStringLiteral("points")).toArray()) {
            ++p.points;
            const QJsonValue estimate = point.toObject().value(QStringLiteral("estimate"));
            if (estimate.isDouble()) {
                p.hasNumbers = true;
                p.estimates += std::abs(estimate.toDouble());
            }
        }
    }
    return p;
}

/** Every figure `sense7 figures` wrote into \a out: each has a sidecar with plotted numbers. */
QStringList checkFigures(const QString &out)
{
    const QStringList figures = QDir(out).entryList({QStringLiteral("*.pdf")}, QDir::Files);
    for (const QString &figure : figures) {
        const QString path = QDir(out).filePath(figure);
        if (QFileInfo(path).size() < 1000)
            qWarning("%s is nearly empty", qPrintable(path));
        const Plotted p = plotted(path + QStringLiteral(".json"));
        if (p.points == 0 || !p.hasNumbers || p.estimates <= 0)
            qWarning("%s plotted nothing", qPrintable(path));
        if (QFileInfo(path).size() < 1000 || p.points == 0 || !p.hasNumbers || p.estimates <= 0)
            return {};
    }
    return figures;
}

} // namespace

class TestStudies : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void perceivedEmpathyStudy();
    void esconvStudy();
    void exportRecordsTheOrderShown();
    void exportWithoutContextForm();

private:
    void press(int key);

    QTemporaryDir m_dir;
};

void TestStudies::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("tst_studies"), true);
    QSettings().clear();
}

void TestStudies::press(int key)
{
    QWidget *target =
        QApplication::focusWidget() ? QApplication::focusWidget() : QApplication::activeWindow();
    QTest::keyClick(target, Qt::Key(key));
}

void TestStudies::perceivedEmpathyStudy()
{
    const QString db = m_dir.filePath(QStringLiteral("pe.sense7"));
    const QString data = QStringLiteral(SENSE7_TEST_DATA "/import/conversations.csv");

    // Created under the shipped 7-point protocol, conversations imported.
    Result r = sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"),
                          QStringLiteral("perceived_empathy")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = sense7Cli({QStringLiteral("import"), data, QStringLiteral("--db"), db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));

    // Rated in the studio, from the keyboard: the reply item, then the conversation's items.
    const QStringList items {QStringLiteral("felt_understood"), QStringLiteral("validated"),
                             QStringLiteral("affirmed"),        QStringLiteral("seen"),
                             QStringLiteral("accepted"),        QStringLiteral("cared_for")};
    QVector<qint64> replies;
    qint64 first = 0;
    {
        MainWindow window;
        QCOMPARE(window.openDataSet(db), QString());
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        Store *store = window.store();
        QCOMPARE(store->protocol().key, QStringLiteral("perceived_empathy"));
        QCOMPARE(store->conversationSummaries().size(), 2);
        RatingPanel *panel = window.workspace()->panel();
        QCOMPARE(panel->dimensionCount(), 1);
        QCOMPARE(panel->scale(0)->objectName(), QStringLiteral("scale_reply_empathy"));
        QCOMPARE(panel->scale(0)->maximum(), 7);
        QCOMPARE(panel->conversationPage()->dimensionCount(), 6);

        // The conversation the list opens first: its replies, rated 6 then 3 with digit keys.
        for (const ConversationSummary &c : store->conversationSummaries())
            for (const Turn &t : store->turns(c.id))
                if (t.id == window.workspace()->currentTurn())
                    first = c.id;
        QVERIFY(first);
        for (const Turn &t : store->turns(first))
            if (t.role == Role::Assistant)
                replies.append(t.id);
        QVERIFY(!replies.isEmpty());
        QCOMPARE(window.workspace()->currentTurn(), replies.first());
        window.conversationView()->setFocus();
        const QList<int> replyKeys {Qt::Key_6, Qt::Key_3};
        for (int i = 0; i < replies.size(); ++i)
            press(replyKeys[i % 2]);
        const qint64 self = store->selfAnnotatorId();
        const qint64 replyDimension =
            store->findDimension(QStringLiteral("perceived_empathy/reply_empathy"))->id;
        const auto turnRatings = store->turnRatings(first, self);
        for (int i = 0; i < replies.size(); ++i)
            QCOMPARE(turnRatings.value(replies[i]).value(replyDimension),
                     Rating(i % 2 == 0 ? 6 : 3));

        // The conversation-level items: 7, 6, 5, 4, 3, 2 in the order the page shows them.
        panel->tabs()->setCurrentIndex(1);
        window.conversationView()->setFocus();
        for (int key : {Qt::Key_7, Qt::Key_6, Qt::Key_5, Qt::Key_4, Qt::Key_3, Qt::Key_2})
            press(key);
        const auto conversationRatings = store->conversationRatings(first, self);
        QCOMPARE(conversationRatings.size(), 6);
        ConversationPage *page = panel->conversationPage();
        for (int row = 0; row < 6; ++row)
            QCOMPARE(conversationRatings.value(
                         store->findDimension(page->scale(row)->objectName().mid(13))->id),
                     Rating(7 - row));
        // Every reply of that conversation rated: 100 % in the list.
        bool complete = false;
        QAbstractItemModel *model = window.conversationView()->model();
        for (int row = 0; row < model->rowCount(); ++row)
            complete = complete || model->index(row, 5).data().toString() == QStringLiteral("100%");
        QVERIFY(complete);
        test::keepScreenshot(&window, QStringLiteral("study-perceived-empathy.png"));
    }

    // A model's ratings of the same replies.
    {
        auto store = Store::open(db, Store::Access::ReadOnly);
        QString csv = QStringLiteral("conversation_id,turn_index,dimension,value,annotator,"
                                     "annotator_kind\n");
        const auto conversation = store->conversation(first);
        for (const Turn &t : store->turns(first))
            if (t.role == Role::Assistant)
                csv += QStringLiteral("%1,%2,reply_empathy,%3,judge,model\n")
                           .arg(conversation->sourceId)
                           .arg(t.index)
                           .arg(t.index == 1 ? 5 : 3);
        const QString predictions = m_dir.filePath(QStringLiteral("predictions.csv"));
        test::writeFile(predictions, csv.toUtf8());
        r = sense7Cli({QStringLiteral("import"), predictions, QStringLiteral("--db"), db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    // Exported: the tidy CSV has a row per rating, naming the 7-point items; the codebook too.
    const QString csv = m_dir.filePath(QStringLiteral("pe.csv"));
    r = sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--format"),
                   QStringLiteral("csv"), QStringLiteral("--out"), csv});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QVector<QStringList> rows = csvRows(csv);
    const QStringList header = rows.first();
    const int instrument = int(header.indexOf(QStringLiteral("instrument")));
    const int dimension = int(header.indexOf(QStringLiteral("dimension")));
    const int value = int(header.indexOf(QStringLiteral("value")));
    const int annotator = int(header.indexOf(QStringLiteral("annotator")));
    QVERIFY(instrument >= 0 && dimension >= 0 && value >= 0 && annotator >= 0);
    // The context columns are the protocol's own form's, not SENSE-7's.
    const Protocol protocol = protocol::shipped(QStringLiteral("perceived_empathy"));
    for (const FormField &field : protocol.context.fields)
        QVERIFY2(header.contains(field.key), qPrintable(field.key));
    QVERIFY(!header.contains(QStringLiteral("task_type")));
    QMap<QString, QString> selfValues;
    int modelRows = 0;
    for (const QStringList &row : rows.mid(1)) {
        QCOMPARE(row.value(instrument), QStringLiteral("perceived_empathy"));
        if (row.value(annotator) == QStringLiteral("judge"))
            ++modelRows;
        else if (row.value(dimension) != QStringLiteral("reply_empathy"))
            selfValues.insert(row.value(dimension), row.value(value));
    }
    QCOMPARE(rows.size() - 1, 2 * replies.size() + 6);
    QCOMPARE(modelRows, replies.size());
    for (int i = 0; i < items.size(); ++i)
        QVERIFY2(selfValues.contains(items[i]), qPrintable(items[i]));
    const QString codebook =
        QString::fromUtf8(test::readFile(m_dir.filePath(QStringLiteral("pe.codebook.md"))));
    QVERIFY(codebook.contains(QStringLiteral("`reply_empathy` | turn | 1–7")));
    for (const QString &item : items)
        QVERIFY2(codebook.contains(QStringLiteral("`%1` | conversation | 1–7").arg(item)),
                 qPrintable(item));
    QVERIFY(codebook.contains(QStringLiteral("7 = Strongly agree")));
    for (const FormField &field : protocol.context.fields)
        QVERIFY2(codebook.contains(QStringLiteral("`%1`").arg(field.key)), qPrintable(field.key));
    QVERIFY(!codebook.contains(QStringLiteral("`task_type`")));

    // Figures for the instrument: each written one plotted numbers; the rest skipped, said why.
    const QString figures = m_dir.filePath(QStringLiteral("pe-figures"));
    r = sense7Cli({QStringLiteral("figures"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   figures, QStringLiteral("--instrument"), QStringLiteral("perceived_empathy")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList drawn = checkFigures(figures);
    QVERIFY2(drawn.size() >= 3, qPrintable(drawn.join(QLatin1Char(' '))));
    QVERIFY(drawn.contains(QStringLiteral("distribution.pdf")));
    QVERIFY2(r.err.contains(QStringLiteral("Skipped correlation")), qPrintable(r.err));
    QVERIFY(!QFile::exists(QDir(figures).filePath(QStringLiteral("correlation.pdf"))));
    const QJsonObject distribution =
        QJsonDocument::fromJson(
            test::readFile(QDir(figures).filePath(QStringLiteral("distribution.pdf.json"))))
            .object();
    QCOMPARE(distribution.value(QStringLiteral("instrument")).toString(),
             QStringLiteral("perceived_empathy"));
    // The distribution has the 7 points of the scale, with the two replies' values on 6 and 3.
    const QJsonArray series = distribution.value(QStringLiteral("plotted"))
                                  .toObject()
                                  .value(QStringLiteral("series"))
                                  .toArray();
    QCOMPARE(series.size(), 7);
    int counted = 0;
    for (const QJsonValue &s : series)
        for (const QJsonValue &point : s.toObject().value(QStringLiteral("points")).toArray())
            counted += point.toObject().value(QStringLiteral("count")).toInt();
    QCOMPARE(counted, replies.size());

    // Evaluated against the model: exit 0, n = the replies both rated, no SENSE-7 paper figures.
    r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                   QStringLiteral("--instrument"), QStringLiteral("perceived_empathy"),
                   QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject evaluation = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(!evaluation.isEmpty());
    QVERIFY(!r.out.contains(QStringLiteral("paper")));
    r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                   QStringLiteral("--instrument"), QStringLiteral("perceived_empathy")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(
                 QRegularExpression(QStringLiteral("reply_empathy +%1 ").arg(replies.size()))),
             qPrintable(r.out));
    QVERIFY(!r.out.contains(QStringLiteral("SENSE-7 paper")));
    QVERIFY(!r.out.contains(QStringLiteral("0.369")));
}

void TestStudies::esconvStudy()
{
    const QString db = m_dir.filePath(QStringLiteral("esconv.sense7"));
    Result r = sense7Cli(
        {QStringLiteral("init"), db, QStringLiteral("--protocol"), QStringLiteral("esconv")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = sense7Cli({QStringLiteral("import"), QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json"),
                   QStringLiteral("--db"), db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    {
        auto store = Store::open(db, Store::Access::ReadOnly);
        QCOMPARE(store->protocol().key, QStringLiteral("esconv"));
        QCOMPARE(store->protocol().instruments.size(), 1); // no SENSE-7 came along
        QCOMPARE(store->conversationSummaries().size(), 3);
    }

    // The list's rated share is above 0 for every conversation with feedback (all three).
    {
        MainWindow window;
        QCOMPARE(window.openDataSet(db), QString());
        window.show();
        QAbstractItemModel *model = window.conversationView()->model();
        QCOMPARE(model->rowCount(), 3);
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString share = model->index(row, 5).data().toString();
            QVERIFY2(share.endsWith(QLatin1Char('%')) && share != QStringLiteral("0%"),
                     qPrintable(share));
        }
        QVERIFY(window.progressBar()->value() > 0);
    }

    // Figures for ESConv's instrument: drawn ones plotted numbers; the correlation is skipped.
    const QString figures = m_dir.filePath(QStringLiteral("esconv-figures"));
    r = sense7Cli({QStringLiteral("figures"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   figures, QStringLiteral("--instrument"), QStringLiteral("esconv"),
                   QStringLiteral("--group-by"), QStringLiteral("emotion_type")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList drawn = checkFigures(figures);
    QVERIFY2(drawn.contains(QStringLiteral("distribution.pdf")),
             qPrintable(drawn.join(QLatin1Char(' '))));
    QVERIFY2(drawn.contains(QStringLiteral("context.pdf")),
             qPrintable(drawn.join(QLatin1Char(' ')) + r.err));
    QVERIFY(r.err.contains(QStringLiteral("Skipped correlation")));
    // Grouped by emotion_type: the three emotions of the fixture are the groups.
    const QJsonObject context =
        QJsonDocument::fromJson(
            test::readFile(QDir(figures).filePath(QStringLiteral("context.pdf.json"))))
            .object();
    QStringList groups;
    for (const QJsonValue &s : context.value(QStringLiteral("plotted"))
                                   .toObject()
                                   .value(QStringLiteral("series"))
                                   .toArray())
        for (const QJsonValue &point : s.toObject().value(QStringLiteral("points")).toArray()) {
            const QString name = point.toObject().value(QStringLiteral("category")).toString();
            if (!groups.contains(name))
                groups << name;
        }
    for (const QJsonValue &s : context.value(QStringLiteral("plotted"))
                                   .toObject()
                                   .value(QStringLiteral("series"))
                                   .toArray())
        groups << s.toObject().value(QStringLiteral("name")).toString();
    for (const QString &emotion :
         {QStringLiteral("anxiety"), QStringLiteral("sadness"), QStringLiteral("fear")})
        QVERIFY2(groups.join(QLatin1Char(' ')).contains(emotion, Qt::CaseInsensitive),
                 qPrintable(groups.join(QLatin1Char(' '))));
    // An unknown key is refused.
    r = sense7Cli({QStringLiteral("figures"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   m_dir.filePath(QStringLiteral("none")), QStringLiteral("--instrument"),
                   QStringLiteral("esconv"), QStringLiteral("--group-by"),
                   QStringLiteral("no_such_field")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(QStringLiteral("emotion_type")), qPrintable(r.err));
}

void TestStudies::exportRecordsTheOrderShown()
{
    // The README's example protocol randomises the order per reply (seed 7): the tidy export's
    // position says where each dimension was shown, the same permutation the panel arranged.
    const Protocol study =
        protocol::load(QStringLiteral(SENSE7_TEST_DATA "/protocols/example.json"));
    QCOMPARE(study.order, DimensionOrder::Random);
    const QString db = m_dir.filePath(QStringLiteral("order.sense7"));
    QVector<qint64> replies;
    {
        auto store = Store::create(db, study);
        Conversation c;
        c.participantId = store->addParticipant(QStringLiteral("P01"));
        c.sourceFormat = QStringLiteral("test");
        QVector<Turn> turns(16);
        for (int i = 0; i < turns.size(); ++i) {
            turns[i].role = i % 2 ? Role::Assistant : Role::User;
            turns[i].text = QStringLiteral("Turn %1").arg(i);
        }
        const qint64 id = store->addConversation(c, turns);
        const qint64 self = store->selfAnnotatorId();
        for (const Turn &t : store->turns(id))
            if (t.role == Role::Assistant) {
                replies.append(t.id);
                for (const Dimension &d : study.primary().dimensionsAt(Level::Turn))
                    store->setRating(
                        t.id,
                        store->findDimension(study.primary().key + QLatin1Char('/') + d.key)->id,
                        self, 2);
            }
        store->setConversationRating(
            id, store->findDimension(study.primary().key + QStringLiteral("/learned"))->id, self,
            8);
    }
    const QString csv = m_dir.filePath(QStringLiteral("order.csv"));
    const Result r =
        sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--format"),
                   QStringLiteral("csv"), QStringLiteral("--out"), csv});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QVector<QStringList> rows = csvRows(csv);
    const QStringList header = rows.first();
    const int turnIndex = int(header.indexOf(QStringLiteral("turn_index")));
    const int dimension = int(header.indexOf(QStringLiteral("dimension")));
    const int position = int(header.indexOf(QStringLiteral("position")));
    QVERIFY(position >= 0);
    const QVector<Dimension> dimensions = study.primary().dimensionsAt(Level::Turn);
    QCOMPARE(dimensions.size(), 2);
    int swapped = 0;
    int checked = 0;
    for (const QStringList &row : rows.mid(1)) {
        if (row.value(turnIndex).isEmpty()) {
            QCOMPARE(row.value(dimension), QStringLiteral("learned"));
            QCOMPARE(row.value(position), QStringLiteral("1")); // the only conversation item
            continue;
        }
        const qint64 turn = replies.value((row.value(turnIndex).toInt() - 1) / 2);
        const QVector<int> order = study.dimensionOrder(dimensions, turn);
        int expected = 0;
        for (int shown = 0; shown < order.size(); ++shown)
            if (dimensions[order[shown]].key == row.value(dimension))
                expected = shown + 1;
        QVERIFY(expected > 0);
        QCOMPARE(row.value(position), QString::number(expected));
        swapped += row.value(dimension) == dimensions[0].key && expected == 2 ? 1 : 0;
        ++checked;
    }
    QCOMPARE(checked, 2 * replies.size());
    // Randomised: some replies showed the second dimension first, not all.
    QVERIFY2(swapped > 0 && swapped < replies.size(), qPrintable(QString::number(swapped)));
    const QString codebook =
        QString::fromUtf8(test::readFile(m_dir.filePath(QStringLiteral("order.codebook.md"))));
    QVERIFY(codebook.contains(QStringLiteral("| `position` | Where the dimension was shown")));
}

void TestStudies::exportWithoutContextForm()
{
    // A protocol that asks nothing per conversation: no context columns, not SENSE-7's.
    QJsonObject root =
        QJsonDocument::fromJson(
            test::readFile(QStringLiteral(SENSE7_TEST_DATA "/protocols/example.json")))
            .object();
    QJsonObject forms = root.value(QStringLiteral("forms")).toObject();
    forms.remove(QStringLiteral("context"));
    root.insert(QStringLiteral("forms"), forms);
    const QString file = m_dir.filePath(QStringLiteral("no-context.json"));
    test::writeFile(file, QJsonDocument(root).toJson());
    const QString db = m_dir.filePath(QStringLiteral("no-context.sense7"));
    Result r = sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"), file});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = sense7Cli({QStringLiteral("import"),
                   QStringLiteral(SENSE7_TEST_DATA "/import/conversations.csv"),
                   QStringLiteral("--db"), db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(Store::open(db, Store::Access::ReadOnly)->protocol().context.fields.isEmpty());
    const QString csv = m_dir.filePath(QStringLiteral("no-context.csv"));
    r = sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--format"),
                   QStringLiteral("csv"), QStringLiteral("--out"), csv});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList header = csvRows(csv).first();
    QCOMPARE(header.last(), QStringLiteral("session")); // the last fixed column
    QVERIFY(!header.contains(QStringLiteral("task_type")));
    const QString codebook =
        QString::fromUtf8(test::readFile(m_dir.filePath(QStringLiteral("no-context.codebook.md"))));
    QVERIFY(!codebook.contains(QStringLiteral("`task_type`")));
    QCOMPARE(codebook.count(QStringLiteral("## Form: ")), 1); // the profile form's, alone
}

QTEST_MAIN(TestStudies)
#include "tst_studies.moc"
