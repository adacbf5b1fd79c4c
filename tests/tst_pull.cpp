// The researcher's side of the study server: sense7 pull, File ▸ Open study server… and the
// study-progress window, against a real throwaway PostgreSQL cluster.

#include "error.h"
#include "guisupport.h"
#include "import/importer.h"
#include "joinstudydialog.h"
#include "livesupport.h"
#include "pgcluster.h"
#include "protocol.h"
#include "server/pull.h"
#include "server/pullserver.h"
#include "server/serverschema.h"
#include "server/studyprogress.h"
#include "store.h"
#include "studyprogressmodel.h"
#include "studyprogresswindow.h"
#include "studyserverdialog.h"
#include "sync/sync.h"
#include "testsupport.h"

#include <QCheckBox>
#include <QFrame>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTextBrowser>
#include <QtTest>

using namespace sense7;

namespace {

/** One participant of the test study: their own data set, joined and synced. */
struct Member
{
    QString code;
    server::Credentials credentials;
    QString url; // with the password
    QString path;
    std::unique_ptr<Store> store;
};

/**
 * What of \a code's data a data set holds, by keys that mean the same in every data set (content
 * hashes, turn indices, dimension keys, annotator codes), sorted: the participant's own data set
 * and the researcher's pulled one must give the same text.
 */
QString participantDump(Store &store, const QString &code)
{
    const qint64 participant = store.participantId(code);
    if (participant == 0)
        return {};
    QStringList lines;
    const auto json = [](const QJsonObject &o) {
        return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    };
    for (const Participant &p : store.participants()) {
        if (p.code == code)
            lines << QStringLiteral("participant|%1|%2").arg(p.code, json(p.profile));
    }
    for (const ConversationSummary &s : store.conversationSummaries(0, participant)) {
        const Conversation c = *store.conversation(s.id);
        const QString h = c.contentHash;
        lines << QStringLiteral("conversation|%1|%2|%3|%4|%5|%6|%7")
                     .arg(h, c.sourceFormat, c.sourceId, c.agent, c.title,
                          c.startedAt.toUTC().toString(Qt::ISODateWithMs), json(c.context));
        for (const Turn &t : store.turns(s.id))
            lines << QStringLiteral("turn|%1|%2|%3|%4|%5|%6")
                         .arg(h)
                         .arg(t.index)
                         .arg(roleKey(t.role), t.text,
                              t.createdAt.toUTC().toString(Qt::ISODateWithMs), json(t.meta));
        for (const RatingRecord &r : store.ratingRecords(s.id))
            lines << QStringLiteral("rating|%1|%2|%3/%4|%5|%6")
                         .arg(h, r.turnIndex ? QString::number(*r.turnIndex) : QStringLiteral("-"),
                              r.instrument, r.dimension, r.annotator,
                              r.value ? QString::number(*r.value) : QStringLiteral("n/a"));
        for (const FlagRecord &f : store.flagRecords(s.id))
            lines << QStringLiteral("flag|%1|%2|%3|%4|%5|%6")
                         .arg(h)
                         .arg(f.turnIndex)
                         .arg(f.annotator, f.reason,
                              f.refersToIndex ? QString::number(*f.refersToIndex) : QString(),
                              f.note);
        for (const NoteRecord &n : store.noteRecords(s.id))
            lines << QStringLiteral("note|%1|%2|%3|%4")
                         .arg(h)
                         .arg(n.turnIndex)
                         .arg(n.annotator, n.text);
    }
    lines.sort();
    return lines.join(u'\n');
}

/** A conversation of \a turns turns, alternating user and assistant, unique to \a tag. */
qint64 addConversation(Store &store, qint64 participant, const QString &tag, int turns)
{
    Conversation c;
    c.participantId = participant;
    c.sourceFormat = QStringLiteral("generic");
    c.sourceId = tag;
    c.agent = QStringLiteral("assistant-") + tag.right(1);
    c.title = QStringLiteral("Talk %1 with 'quotes'; DROP TABLE x; --").arg(tag);
    c.startedAt = QDateTime(QDate(2026, 3, 1), QTime(9, 30), Qt::UTC);
    QVector<Turn> list;
    for (int i = 0; i < turns; ++i) {
        Turn t;
        t.index = i;
        t.role = i % 2 == 0 ? Role::User : Role::Assistant;
        t.text = QStringLiteral("%1 turn %2: tab\there, newline\nthere, backslash \\ and 中文")
                     .arg(tag)
                     .arg(i);
        t.createdAt = c.startedAt.addSecs(60 * i);
        list << t;
    }
    return store.addConversation(c, list);
}

} // namespace

class TestPull : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void decodesCopyText();
    void pullEqualsParticipantsOwnDataSets();
    void incrementalPullBringsOnlyNewChanges();
    void refusesIncompatibleDataSet();
    void cancelledPullChangesNothing();
    void cliPullsAndSaysWhat();
    void studyProgressCountsParticipants();
    void openStudyServerAndProgressWindow();
    void progressWindowOffersTheUpgrade();
    void joinStudyDialogPreviewsAndJoins();
    void withdrawnParticipantDisappears();
    void liveStudyThroughTheServer();

private:
    /** The participant rates, flags, notes and answers forms in the workspace's way. */
    void annotate(Member &p, int seed);
    void sync(Member &p);
    QString researcherUrl() const { return m_study; }
    /** Pulls the study into a new data set \a name; its path. */
    QString freshPull(const QString &name);

    QTemporaryDir m_dir;
    std::unique_ptr<test::PgCluster> m_cluster;
    QString m_study; // the superuser's URL of the study database (a researcher)
    std::vector<Member> m_participants;
};

void TestPull::initTestCase()
{
    QVERIFY(m_dir.isValid());
    test::useOwnSettings(m_dir, QStringLiteral("tst_pull"));
    m_cluster = std::make_unique<test::PgCluster>();
    m_study = m_cluster->createDatabase(QStringLiteral("study"));
    server::init(m_study, protocol::sense7());
    int seed = 0;
    for (const QString &code : {QStringLiteral("P01"), QStringLiteral("O'Brien; --")}) {
        Member p;
        p.code = code;
        p.credentials = server::addParticipant(m_study, code);
        p.url =
            m_cluster->urlAs(p.credentials.role, p.credentials.password, QStringLiteral("study"));
        p.path = m_dir.filePath(QStringLiteral("participant%1.sense7").arg(seed));
        p.store = Store::create(p.path, protocol::sense7());
        const qint64 id = p.store->addParticipant(code);
        for (int c = 0; c < 3; ++c)
            addConversation(*p.store, id, QStringLiteral("%1-%2").arg(seed).arg(c), 6);
        const sync::Study study = sync::inspect(p.url, p.credentials.password);
        sync::join(*p.store, study, sync::Sharing::Full);
        annotate(p, seed++);
        sync(p);
        m_participants.push_back(std::move(p));
    }
}

void TestPull::annotate(Member &p, int seed)
{
    Store &store = *p.store;
    const qint64 self = store.annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const QVector<Instrument> instruments = store.instruments();
    const Instrument &sense7 = instruments.constFirst();
    store.apply({Edit::Kind::Profile, store.participantId(p.code), 0, self, QJsonValue::Undefined,
                 QJsonObject {{QStringLiteral("age_band"), QStringLiteral("25-34")},
                              {QStringLiteral("native_language"), p.code}}},
                Origin::Edit);
    int n = seed;
    for (const ConversationSummary &s : store.conversationSummaries()) {
        const QVector<Turn> turns = store.turns(s.id);
        for (const Turn &t : turns) {
            if (t.role != Role::Assistant)
                continue;
            for (const Dimension &d : sense7.dimensions) {
                if (d.level != Level::Turn)
                    continue;
                const QJsonValue value =
                    ++n % 9 == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(1 + n % 5);
                store.apply({Edit::Kind::Rating, t.id, d.id, self, QJsonValue::Undefined, value},
                            Origin::Edit);
            }
        }
        store.apply({Edit::Kind::Note, turns.at(1).id, 0, self, QJsonValue::Undefined,
                     QStringLiteral("a note with 'quotes' and \\ backslash %1").arg(seed)},
                    Origin::Edit);
        TurnFlag flag;
        flag.reason = QStringLiteral("forgot_context");
        flag.refersToTurnId = turns.at(1).id;
        flag.note = QStringLiteral("it forgot");
        store.apply(
            {Edit::Kind::Flag, turns.at(3).id, 0, self, QJsonValue::Undefined, flagToJson(flag)},
            Origin::Edit);
        store.apply({Edit::Kind::Context, s.id, 0, self, QJsonValue::Undefined,
                     QJsonObject {{QStringLiteral("task_type"), QStringLiteral("writing")},
                                  {QStringLiteral("goal_achieved"), 3 + seed}}},
                    Origin::Edit);
    }
}

void TestPull::sync(Member &p)
{
    const sync::Result result = sync::run(*p.store, p.credentials.password);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.waiting, 0);
}

QString TestPull::freshPull(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    const server::PullSummary summary = server::Puller(researcherUrl()).pull(path);
    if (!summary.created || summary.incremental)
        qFatal("freshPull: %s was not created", qPrintable(path));
    return path;
}

void TestPull::decodesCopyText()
{
    // COPY's text format as the server sends it: escapes, and \N only as a whole field.
    const server::pulled::Row row =
        server::pulled::decodeCopyLine("a\\tb\t\\N\t\\\\N\t\t\\n\\r\\\\\t\\101\\x42 ");
    QCOMPARE(row.size(), 6);
    QCOMPARE(*row.at(0), QStringLiteral("a\tb"));
    QVERIFY(!row.at(1).has_value());
    QCOMPARE(*row.at(2), QStringLiteral("\\N"));
    QCOMPARE(*row.at(3), QString());
    QCOMPARE(*row.at(4), QStringLiteral("\n\r\\"));
    QCOMPARE(*row.at(5), QStringLiteral("AB "));
}

void TestPull::pullEqualsParticipantsOwnDataSets()
{
    const QString path = m_dir.filePath(QStringLiteral("study.sense7"));
    server::Puller puller(researcherUrl());
    QStringList log;
    puller.setLog([&](const QString &line) { log << line; });
    const server::PullSummary summary = puller.pull(path);
    QVERIFY(summary.created);
    QVERIFY(!summary.incremental);
    QCOMPARE(summary.participantsRead, 2);
    QCOMPARE(summary.conversations, 6);
    QCOMPARE(summary.turns, 36);
    QVERIFY2(summary.warnings.isEmpty(), qPrintable(summary.warnings.join(u'\n')));
    QVERIFY(!log.isEmpty());

    auto pulled = Store::open(path);
    QCOMPARE(pulled->protocol().fingerprint(), protocol::sense7().fingerprint());
    qint64 ratings = 0;
    for (Member &p : m_participants) {
        const QString own = participantDump(*p.store, p.code);
        QVERIFY(own.count(QStringLiteral("rating|")) > 20);
        QCOMPARE(participantDump(*pulled, p.code), own);
        ratings += p.store->info().ratings;
    }
    QCOMPARE(summary.ratings, ratings);
    QCOMPARE(pulled->info().ratings, ratings);
}

void TestPull::incrementalPullBringsOnlyNewChanges()
{
    const QString path = freshPull(QStringLiteral("incremental.sense7"));
    // Nothing new: nothing written.
    {
        const server::PullSummary again = server::Puller(researcherUrl()).pull(path);
        QVERIFY(again.incremental);
        QCOMPARE(again.changes(), 0);
    }
    Member &p = m_participants.front();
    Store &store = *p.store;
    const qint64 self = store.selfAnnotatorId();
    const ConversationSummary first = store.conversationSummaries().constFirst();
    const QVector<Turn> turns = store.turns(first.id);
    const Dimension warmth = *store.findDimension(QStringLiteral("sense7/warmth"));
    const Dimension support = *store.findDimension(QStringLiteral("sense7/support"));
    // Two changed ratings, one cleared, one note changed; the other participant changes nothing.
    store.apply({Edit::Kind::Rating, turns.at(1).id, warmth.id, self, QJsonValue::Undefined, 5},
                Origin::Edit);
    store.apply({Edit::Kind::Rating, turns.at(3).id, warmth.id, self, QJsonValue::Undefined, 1},
                Origin::Edit);
    store.apply({Edit::Kind::Rating, turns.at(5).id, support.id, self, QJsonValue::Undefined,
                 QJsonValue::Undefined},
                Origin::Edit);
    store.apply({Edit::Kind::Note, turns.at(1).id, 0, self, QJsonValue::Undefined,
                 QStringLiteral("changed my mind")},
                Origin::Edit);
    sync(p);

    const qint64 eventsBefore = Store::open(path)->ratingEventCount();
    const server::PullSummary summary = server::Puller(researcherUrl()).pull(path);
    QVERIFY(summary.incremental);
    QCOMPARE(summary.participantsRead, 1); // only the one who changed something
    QCOMPARE(summary.conversations, 0);
    QCOMPARE(summary.ratings, 3);
    QCOMPARE(summary.notes, 1);
    QCOMPARE(summary.flags + summary.contexts + summary.profiles + summary.conversationRatings, 0);
    auto pulled = Store::open(path);
    QCOMPARE(pulled->ratingEventCount(), eventsBefore + 3); // journaled, once each
    for (Member &q : m_participants)
        QCOMPARE(participantDump(*pulled, q.code), participantDump(*q.store, q.code));
}

void TestPull::refusesIncompatibleDataSet()
{
    const QString path = m_dir.filePath(QStringLiteral("esconv.sense7"));
    Store::create(path, protocol::shipped(QStringLiteral("esconv")));
    const QString before = test::logicalDump(*Store::open(path));
    try {
        server::Puller(researcherUrl()).pull(path);
        QFAIL("a data set under an incompatible protocol was pulled into");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(path), qPrintable(e.message()));
        QVERIFY2(e.message().contains(QStringLiteral("protocol")), qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*Store::open(path)), before);
}

void TestPull::cancelledPullChangesNothing()
{
    // A first pull cancelled: no data set is left behind.
    const QString path = m_dir.filePath(QStringLiteral("cancelled.sense7"));
    {
        server::Puller puller(researcherUrl());
        puller.progress().cancel();
        QVERIFY_THROWS_EXCEPTION(import::Cancelled, puller.pull(path));
    }
    QVERIFY(!QFile::exists(path));
    // A later pull cancelled: the data set is as it was, mark included.
    const QString pulled = freshPull(QStringLiteral("cancelled-later.sense7"));
    Member &p = m_participants.front();
    const qint64 self = p.store->selfAnnotatorId();
    const ConversationSummary first = p.store->conversationSummaries().constLast();
    const Dimension warmth = *p.store->findDimension(QStringLiteral("sense7/warmth"));
    p.store->apply({Edit::Kind::Rating, p.store->turns(first.id).at(1).id, warmth.id, self,
                    QJsonValue::Undefined, QJsonValue(QJsonValue::Null)},
                   Origin::Edit);
    sync(p);
    const QString before = test::logicalDump(*Store::open(pulled));
    {
        server::Puller puller(researcherUrl());
        puller.progress().cancel();
        QVERIFY_THROWS_EXCEPTION(import::Cancelled, puller.pull(pulled));
    }
    QCOMPARE(test::logicalDump(*Store::open(pulled)), before);
    // Not cancelled, the same pull brings the change.
    QCOMPARE(server::Puller(researcherUrl()).pull(pulled).ratings, 1);
}

void TestPull::cliPullsAndSaysWhat()
{
    const QString path = m_dir.filePath(QStringLiteral("cli.sense7"));
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("pull"), researcherUrl(), QStringLiteral("--db"), path,
               QStringLiteral("--json")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    const QJsonObject json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    QCOMPARE(json.value(QStringLiteral("conversations")).toInt(), 6);
    QCOMPARE(json.value(QStringLiteral("created")).toBool(), true);
    const QString progress = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(progress.contains(QStringLiteral("6 of 6 conversations")), qPrintable(progress));

    // A wrong password: a clear message, exit code 1, no data set left behind.
    const QString nowhere = m_dir.filePath(QStringLiteral("nowhere.sense7"));
    QUrl wrong(researcherUrl());
    wrong.setPassword(QStringLiteral("wrong"));
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("pull"), wrong.toString(), QStringLiteral("--db"), nowhere});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 1);
    QVERIFY(QString::fromUtf8(cli.readAllStandardError()).contains(QStringLiteral("password")));
    QVERIFY(!QFile::exists(nowhere));
}

void TestPull::studyProgressCountsParticipants()
{
    pg::Connection db(researcherUrl());
    const QVector<server::ParticipantProgress> rows = server::studyProgress(db);
    QCOMPARE(rows.size(), 2);
    for (const server::ParticipantProgress &row : rows) {
        const auto p = std::find_if(m_participants.begin(), m_participants.end(),
                                    [&](const Member &q) { return q.code == row.code; });
        QVERIFY(p != m_participants.end());
        QCOMPARE(row.conversations, 3);
        // The participant's own data set counts the same: its required cells and those rated.
        qint64 rated = 0, cells = 0;
        for (const ConversationSummary &s : p->store->conversationSummaries()) {
            rated += s.ratedCells;
            cells += s.cells;
        }
        QCOMPARE(row.cells, cells);
        QCOMPARE(row.ratedCells, rated);
        QVERIFY(row.lastSync.isValid());
        QVERIFY(qAbs(row.lastSync.secsTo(QDateTime::currentDateTimeUtc())) < 600);
        QVERIFY(!row.withdrawn);
    }
}

void TestPull::openStudyServerAndProgressWindow()
{
    const QString path = m_dir.filePath(QStringLiteral("studio.sense7"));
    StudyServerDialog dialog;
    const QUrl url(researcherUrl());
    QUrl bare = url;
    bare.setUserName({});
    bare.setPassword({});
    dialog.urlEdit()->setText(bare.toString());
    dialog.userEdit()->setText(url.userName());
    dialog.passwordEdit()->setText(url.password());
    dialog.pathEdit()->setText(path);
    dialog.show();
    QVERIFY(dialog.pullButton()->isEnabled());
    QSignalSpy finished(&dialog, &StudyServerDialog::pullFinished);
    dialog.startPull();
    QVERIFY(dialog.isPulling());
    QVERIFY(finished.wait(60000));
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
    QCOMPARE(dialog.pulledPath(), path);
    QCOMPARE(dialog.progressBar()->value(), dialog.progressBar()->maximum());
    QCOMPARE(Store::open(path)->info().conversations, 6);

    StudyProgressWindow window(dialog.login());
    QSignalSpy refreshed(&window, &StudyProgressWindow::refreshed);
    QVERIFY(refreshed.wait(30000));
    QVERIFY2(refreshed.at(0).at(0).toBool(), qPrintable(refreshed.at(0).at(1).toString()));
    QAbstractItemModel *shown = window.view()->model();
    QCOMPARE(shown->rowCount(), 2);
    // Sortable: by conversations, by share rated, descending; rows stay whole.
    window.view()->sortByColumn(StudyProgressModel::Code, Qt::DescendingOrder);
    QCOMPARE(shown->index(0, StudyProgressModel::Code).data().toString(), QStringLiteral("P01"));
    window.view()->sortByColumn(StudyProgressModel::Code, Qt::AscendingOrder);
    QCOMPARE(shown->index(0, StudyProgressModel::Code).data().toString(),
             QStringLiteral("O'Brien; --"));
    QVERIFY(shown->index(0, StudyProgressModel::ShareRated).data().toString().contains(u'%'));
    QVERIFY(window.statusLabel()->text().contains(QStringLiteral("2 participant")));

    // Live: a new participant appears at the next read, without reopening.
    server::addParticipant(m_study, QStringLiteral("P99"));
    window.refresh();
    QVERIFY(refreshed.wait(30000));
    QCOMPARE(shown->rowCount(), 3);
    window.resize(760, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString shot = m_dir.filePath(QStringLiteral("study-progress.png"));
    QVERIFY(window.grab().save(shot));
    if (qEnvironmentVariableIsSet("SENSE7_SCREENSHOT_DIR")) {
        window.grab().save(qEnvironmentVariable("SENSE7_SCREENSHOT_DIR")
                           + QStringLiteral("/study-progress.png"));
        dialog.grab().save(qEnvironmentVariable("SENSE7_SCREENSHOT_DIR")
                           + QStringLiteral("/open-study-server.png"));
    }
    // Keep it out of the withdrawal below.
    server::withdraw(m_study, QStringLiteral("P99"));
}

void TestPull::progressWindowOffersTheUpgrade()
{
    pg::Connection db(researcherUrl());
    test::makeSchemaVersionOne(db);
    // A participant's login may read the progress of its own rows, but not upgrade: the bar
    // says why and stays.
    const Member &p = m_participants.front();
    {
        StudyProgressWindow window({p.credentials.url, p.credentials.password});
        window.setInterval(0);
        QSignalSpy upgraded(&window, &StudyProgressWindow::upgraded);
        window.upgradeServer(); // while the first read is under way: it follows that read
        QVERIFY(upgraded.wait(30000));
        QVERIFY(!upgraded.at(0).at(0).toBool());
        QVERIFY2(
            upgraded.at(0).at(1).toString().contains(QLatin1String("may not upgrade the study")),
            qPrintable(upgraded.at(0).at(1).toString()));
        QCOMPARE(window.serverSchemaVersion(), 1);
        QVERIFY(!window.upgradeBar()->isHidden());
        const QString said = window.upgradeBar()->findChild<QLabel *>()->text();
        QVERIFY2(said.startsWith(QLatin1String("The server was not upgraded: ")), qPrintable(said));
        // The next read keeps saying so.
        QSignalSpy refreshed(&window, &StudyProgressWindow::refreshed);
        window.refresh();
        QVERIFY(refreshed.wait(30000));
        QCOMPARE(window.upgradeBar()->findChild<QLabel *>()->text(), said);
    }
    QCOMPARE(server::installedVersion(db), 1);

    StudyProgressWindow window({researcherUrl(), QString()});
    window.setInterval(0);
    QSignalSpy refreshed(&window, &StudyProgressWindow::refreshed);
    QVERIFY(refreshed.wait(30000));
    QVERIFY2(refreshed.at(0).at(0).toBool(), qPrintable(refreshed.at(0).at(1).toString()));
    QCOMPARE(window.serverSchemaVersion(), 1);
    QVERIFY(!window.upgradeBar()->isHidden());
    QVERIFY2(window.upgradeBar()->findChild<QLabel *>()->text().contains(
                 QLatin1String("schema on the server is version 1; this version of Sense-7 "
                               "Studio expects 2")),
             qPrintable(window.upgradeBar()->findChild<QLabel *>()->text()));
    window.resize(760, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (qEnvironmentVariableIsSet("SENSE7_SCREENSHOT_DIR"))
        window.grab().save(qEnvironmentVariable("SENSE7_SCREENSHOT_DIR")
                           + QStringLiteral("/study-progress-upgrade.png"));
    QSignalSpy upgraded(&window, &StudyProgressWindow::upgraded);
    window.upgradeServer();
    QVERIFY(upgraded.wait(30000));
    QVERIFY2(upgraded.at(0).at(0).toBool(), qPrintable(upgraded.at(0).at(1).toString()));
    // Read again at once: the bar goes.
    QVERIFY(refreshed.wait(30000));
    QCOMPARE(window.serverSchemaVersion(), 2);
    QVERIFY(window.upgradeBar()->isHidden());
    QCOMPARE(server::installedVersion(db), 2);
}

void TestPull::joinStudyDialogPreviewsAndJoins()
{
    const server::Credentials c = server::addParticipant(m_study, QStringLiteral("P03"));
    auto store = Store::create(m_dir.filePath(QStringLiteral("p03.sense7")), protocol::sense7());
    addConversation(*store, store->addParticipant(QStringLiteral("P03")), QStringLiteral("3-0"), 4);
    int joins = 0;
    JoinStudyDialog dialog(
        *store, [&](const sync::Study &study, sync::Sharing sharing, const QString &password) {
            ++joins;
            sync::join(*store, study, sharing);
            const sync::Result result = sync::run(*store, password);
            if (!result.ok())
                throw Error(result.error);
        });
    QUrl url(m_study);
    url.setUserName({});
    url.setPassword({});
    dialog.urlEdit()->setText(url.toString());
    dialog.loginEdit()->setText(c.role);
    dialog.passwordEdit()->setText(QStringLiteral("wrong"));
    QVERIFY(!dialog.connectToStudy());
    QVERIFY(dialog.errorLabel()->isVisibleTo(&dialog));
    QVERIFY(!dialog.joinButton()->isEnabled());
    dialog.passwordEdit()->setText(c.password);
    QVERIFY(dialog.connectToStudy());
    QCOMPARE(dialog.study()->participant, QStringLiteral("P03"));
    dialog.setSharing(sync::Sharing::Ratings);
    const QString preview = dialog.preview()->toPlainText();
    QVERIFY2(preview.contains(QStringLiteral("P03")), qPrintable(preview));
    QVERIFY2(preview.contains(protocol::sense7().displayConsent().left(40)), qPrintable(preview));
    QVERIFY2(preview.contains(QStringLiteral("no message text")), qPrintable(preview));
    // Nothing goes before the participant agrees.
    QVERIFY(!dialog.joinButton()->isEnabled());
    QVERIFY(!dialog.joinStudy());
    QCOMPARE(joins, 0);
    dialog.consent()->setChecked(true);
    QVERIFY(dialog.joinButton()->isEnabled());
    if (qEnvironmentVariableIsSet("SENSE7_SCREENSHOT_DIR")) {
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.grab().save(qEnvironmentVariable("SENSE7_SCREENSHOT_DIR")
                           + QStringLiteral("/join-study.png"));
    }
    QVERIFY2(dialog.joinStudy(), qPrintable(dialog.errorLabel()->text()));
    QCOMPARE(joins, 1);
    // The conversation is on the server, without its text.
    pg::Connection db(m_study);
    const pg::Result rows = db.exec(
        "SELECT count(*), max(length(text)) FROM sense7.turn WHERE participant_code = 'P03'");
    QCOMPARE(rows.int64(0, 0), 4);
    QCOMPARE(rows.int64(0, 1), 0);
    server::withdraw(m_study, QStringLiteral("P03"));
}

void TestPull::withdrawnParticipantDisappears()
{
    const QString path = freshPull(QStringLiteral("withdrawal.sense7"));
    const Member &leaving = m_participants.back();
    QStringList hashes;
    for (const ConversationSummary &s : leaving.store->conversationSummaries())
        hashes << leaving.store->conversation(s.id)->contentHash;
    QCOMPARE(hashes.size(), 3);
    {
        auto pulled = Store::open(path);
        QVERIFY(pulled->participantId(leaving.code) != 0);
    }
    server::withdraw(m_study, leaving.code);
    const server::PullSummary summary = server::Puller(researcherUrl()).pull(path);
    QVERIFY(summary.withdrawn.contains(leaving.code));
    QVERIFY(summary.text().contains(QStringLiteral("withdrew")));
    auto pulled = Store::open(path);
    QCOMPARE(pulled->participantId(leaving.code), 0);
    QCOMPARE(participantDump(*pulled, leaving.code), QString());
    // Nothing of theirs is left anywhere, not in the journal either.
    const QString dump = test::logicalDump(*pulled);
    QVERIFY(!dump.contains(QStringLiteral("O'Brien")));
    QVERIFY(!dump.contains(QStringLiteral("1-0 turn")));
    for (const QString &hash : std::as_const(hashes))
        QVERIFY(!dump.contains(hash));
    // The others stay as they are.
    const Member &staying = m_participants.front();
    QCOMPARE(participantDump(*pulled, staying.code), participantDump(*staying.store, staying.code));
}

namespace {

/** The live protocol of the analysis tests, its scripted conditions replying to any message. */
Protocol chattyProtocol()
{
    QJsonObject root = QJsonDocument::fromJson(protocol::canonical(test::liveProtocol())).object();
    QJsonObject live = root.value(QStringLiteral("live")).toObject();
    QJsonArray conditions = live.value(QStringLiteral("conditions")).toArray();
    for (int i = 0; i < conditions.size(); ++i) {
        QJsonObject condition = conditions.at(i).toObject();
        QJsonObject scripted = condition.value(QStringLiteral("scripted")).toObject();
        scripted.insert(QStringLiteral("fallback"), QStringLiteral("Tell me more."));
        condition.insert(QStringLiteral("scripted"), scripted);
        conditions.replace(i, condition);
    }
    live.insert(QStringLiteral("conditions"), conditions);
    root.insert(QStringLiteral("live"), live);
    return protocol::parse(QJsonDocument(root).toJson(), QStringLiteral("live.json"));
}

/** Runs `sense7 chat` on \a path; its standard error when it fails. */
QString chat(const QString &path, const QStringList &arguments)
{
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI), QStringList {QStringLiteral("chat"), path} + arguments);
    if (!cli.waitForFinished(60000) || cli.exitStatus() != QProcess::NormalExit
        || cli.exitCode() != 0)
        return QString::fromUtf8(cli.readAllStandardError()) + QStringLiteral(" (failed)");
    return {};
}

/** What of a data set's live study every copy must hold alike, by keys rather than ids. */
QString liveDump(Store &store, const QString &code)
{
    QStringList lines;
    const qint64 participant = store.participantId(code);
    const auto assignment = store.assignment(participant);
    lines << QStringLiteral("assignment|%1|%2")
                 .arg(assignment ? assignment->position : -1)
                 .arg(assignment ? assignment->conditions.join(u',') : QString());
    for (const ConversationSummary &s : store.conversationSummaries(0, participant)) {
        const Conversation c = *store.conversation(s.id);
        lines
            << QStringLiteral("conversation|%1|%2|%3").arg(c.contentHash, c.condition, s.condition);
        for (const LiveSession &session : store.sessions(s.id))
            lines << QStringLiteral("session|%1|%2|%3|%4")
                         .arg(c.contentHash, session.startedAt.toString(Qt::ISODateWithMs),
                              session.endedAt.toString(Qt::ISODateWithMs))
                         .arg(session.firstTurnIndex);
    }
    lines.sort();
    return lines.join(u'\n');
}

} // namespace

void TestPull::liveStudyThroughTheServer()
{
    // A live study of two scripted conditions: each participant is assigned one when added.
    const QString study = m_cluster->createDatabase(QStringLiteral("live"));
    server::init(study, chattyProtocol());
    std::vector<Member> members;
    QSet<QString> conditions;
    for (const QString &code : {QStringLiteral("L01"), QStringLiteral("L02")}) {
        Member p;
        p.code = code;
        p.credentials = server::addParticipant(study, code);
        QCOMPARE(p.credentials.conditions.size(), 1);
        conditions.insert(p.credentials.conditions.first());
        p.url =
            m_cluster->urlAs(p.credentials.role, p.credentials.password, QStringLiteral("live"));
        p.path = m_dir.filePath(QStringLiteral("live-%1.sense7").arg(code));
        p.store = Store::create(p.path, chattyProtocol());
        sync::join(*p.store, sync::inspect(p.url, p.credentials.password), sync::Sharing::Full);
        p.store.reset(); // `sense7 chat` writes it
        // Day 1: two messages with the assigned condition, the replies rated afterwards.
        const QString error =
            chat(p.path,
                 {QStringLiteral("--condition"), p.credentials.conditions.first(),
                  QStringLiteral("--participant"), code, QStringLiteral("--message"),
                  QStringLiteral("Hello from %1").arg(code), QStringLiteral("--message"),
                  QStringLiteral("It was a long week")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        p.store = Store::open(p.path);
        QCOMPARE(p.store->info().turns, 4);
        const qint64 self = p.store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
        const qint64 warmth = p.store->findDimension(QStringLiteral("sense7/warmth"))->id;
        for (const Turn &t : p.store->turns(1))
            if (t.role == Role::Assistant)
                p.store->setRating(t.id, warmth, self, 4, Origin::Edit);
        sync(p);
        members.push_back(std::move(p));
    }
    QCOMPARE(conditions.size(), 2); // balanced: one participant each

    const QString path = m_dir.filePath(QStringLiteral("live-study.sense7"));
    server::Puller(study).pull(path);
    // The researcher's copy is changed by hand: the next pull puts the server's assignment back
    // and says so.
    const QString first = members.front().code;
    const QStringList assigned = members.front().credentials.conditions;
    {
        auto copy = Store::open(path);
        const qint64 id = copy->participantId(first);
        QCOMPARE(copy->assignment(id)->conditions, assigned);
        copy->setAssignment(id, {7, {QStringLiteral("edited")}});
    }

    // Day 2: each resumes the conversation in a new sitting and rates the new reply.
    for (Member &p : members) {
        const QString condition = p.store->conversation(1)->condition;
        p.store.reset();
        const QString error =
            chat(p.path,
                 {QStringLiteral("--condition"), condition, QStringLiteral("--conversation"),
                  QStringLiteral("1"), QStringLiteral("--message"), QStringLiteral("Back again")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        p.store = Store::open(p.path);
        QCOMPARE(p.store->sessions(1).size(), 2);
        const Turn reply = p.store->turns(1).constLast();
        QCOMPARE(reply.index, 5);
        QCOMPARE(reply.role, Role::Assistant);
        p.store->setRating(reply.id, p.store->findDimension(QStringLiteral("sense7/warmth"))->id,
                           p.store->selfAnnotatorId(), 2, Origin::Edit);
        QCOMPARE(sync::waitingChanges(*p.store), 2); // the grown conversation, the rating
        sync(p);
    }

    // The researcher's next pull brings the continuations: every turn once, the sittings, the
    // conditions and the assignments, as in the participants' own data sets.
    const server::PullSummary summary = server::Puller(study).pull(path);
    QVERIFY(summary.incremental);
    QCOMPARE(summary.conversations, 0);
    QCOMPARE(summary.continued, 2);
    QCOMPARE(summary.turns, 4);
    QCOMPARE(summary.ratings, 2);
    QCOMPARE(summary.warnings,
             QStringList {QStringLiteral("%1's assignment here (edited) was replaced by the study "
                                         "server's (%2).")
                              .arg(first, assigned.join(QStringLiteral(", ")))});
    auto pulled = Store::open(path);
    QCOMPARE(pulled->info().conversations, 2);
    QCOMPARE(pulled->info().turns, 12);
    for (Member &p : members) {
        QCOMPARE(participantDump(*pulled, p.code), participantDump(*p.store, p.code));
        QCOMPARE(liveDump(*pulled, p.code), liveDump(*p.store, p.code));
        QVERIFY(liveDump(*pulled, p.code).contains(p.credentials.conditions.first()));
    }
    // A fresh pull gives the same, and so does the server's status.
    const QString again = m_dir.filePath(QStringLiteral("live-study-again.sense7"));
    server::Puller(study).pull(again);
    auto fresh = Store::open(again);
    for (Member &p : members)
        QCOMPARE(liveDump(*fresh, p.code), liveDump(*p.store, p.code));
    pg::Connection db(study);
    for (const server::ParticipantStatus &s : server::status(db).participants) {
        const auto p = std::find_if(members.begin(), members.end(),
                                    [&](const Member &m) { return m.code == s.code; });
        QVERIFY(p != members.end());
        QCOMPARE(s.conditions, p->credentials.conditions);
        QCOMPARE(s.conversations, 1);
    }
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("server"), QStringLiteral("status"), study});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    const QString status = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(status.contains(QStringLiteral("Condition")), qPrintable(status));
    for (const Member &p : members)
        QVERIFY2(
            status.contains(QRegularExpression(
                QStringLiteral("%1 .* UTC +%2\n").arg(p.code, p.credentials.conditions.first()))),
            qPrintable(status));
}

QTEST_MAIN(TestPull)
#include "tst_pull.moc"
