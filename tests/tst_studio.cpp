// The studio shell, offscreen: main window, start-up choice of data set, settings, screenshot.

#include "annotationbar.h"
#include "annotationsession.h"
#include "conversationlist.h"
#include "conversationtablemodel.h"
#include "error.h"
#include "guisupport.h"
#include "i18n.h"
#include "import/importer.h"
#include "importoptionsdialog.h"
#include "mainwindow.h"
#include "pastedialog.h"
#include "scaleselector.h"
#include "settings.h"
#include "startup.h"
#include "store.h"
#include "studysync.h"
#include "testsupport.h"
#include "trajectorychart.h"
#include "transcriptview.h"
#include "turnlistmodel.h"
#include "workspace.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHeaderView>
#include <QImage>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>

#include <algorithm>

using namespace sense7;

class TestStudio : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void showsConversationsAndTranscript();
    void selectingAnotherConversationShowsIt();
    void badFileKeepsCurrentDataSet();
    void remembersDataSetsAndGeometry();
    void startsOnLastDataSetOrDemo();
    void screenshotOptionSavesTheWindow();
    void importsDroppedFiles();
    void importAsksRaterAndListsConflicts();
    void cancelledImportTakesBackOnlyItself();
    void pasteConversationPreviewsTheSplit();
    void titleColumnGetsTheSpareWidth();
    void followsImportsByOtherPrograms_data();
    void followsImportsByOtherPrograms();
    void readsALargeListOnAThread();
    void ownWritesAreNotOutsideChanges();
    void listDatesFollowTheLanguage();

private:
    /** Shows \a window at the default size, 1280 x 800, and checks the list's columns. */
    void checkColumns(MainWindow &window, bool participantShown);
    QString copyOfDemo(const QString &name);

    QTemporaryDir m_dir;
    QString m_demo;
};

void TestStudio::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("tst_studio"), true);
    m_demo = m_dir.filePath(QStringLiteral("demo.sense7"));
    test::makeDemoDataSet(m_demo);
}

void TestStudio::init()
{
    QSettings().clear();
    QFile::remove(startup::demoDataSetPath());
    QVERIFY(startup::demoDataSetPath().startsWith(m_dir.path()));
}

void TestStudio::showsConversationsAndTranscript()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.conversationView()->model()->rowCount(), 13);
    const QString transcript = window.transcriptView()->toPlainText();
    QVERIFY2(transcript.contains(QStringLiteral("Our VP just told us the launch moves")),
             qPrintable(transcript.left(200)));
    QVERIFY(transcript.contains(QStringLiteral("Assistant · reply 1")));
    QVERIFY(window.windowTitle().contains(QStringLiteral("demo.sense7")));
    // The status bar: the data set's counts, and that it is demo data.
    const auto statusText = [&](const char *name) {
        return window.findChild<QLabel *>(QLatin1String(name))->text();
    };
    QCOMPARE(statusText("statusCounts"),
             QStringLiteral("Participants: %1 · Conversations: 13 · Assistant turns: %2")
                 .arg(window.store()->info().participants)
                 .arg(window.store()->info().assistantTurns));
    QCOMPARE(statusText("statusNotice"), QStringLiteral("Illustrative demo data, not study data"));
    // With no saved layout, the trajectory under the transcript has room; the live chat pane
    // between them, hidden, takes none.
    const QSplitter *reading = window.workspace()->readingSplitter();
    const QList<int> sizes = reading->sizes();
    const int chart = sizes.value(reading->indexOf(window.workspace()->chart()));
    const int text = sizes.value(reading->indexOf(window.workspace()->transcript()));
    QVERIFY2(chart >= 150 && text > chart, qPrintable(QDebug::toString(sizes)));
}

void TestStudio::selectingAnotherConversationShowsIt()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    window.show();
    QTableView *list = window.conversationView();
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Down); // the keyboard moves between conversations
    const QModelIndex current = list->currentIndex();
    QCOMPARE(current.row(), 1);
    const qint64 id = current.data(Qt::UserRole + 1).toLongLong();
    const QVector<Turn> turns = window.store()->turns(id);
    const QString transcript = window.transcriptView()->toPlainText();
    QVERIFY(transcript.contains(turns.constFirst().text.left(60)));
    QVERIFY(!transcript.contains(QStringLiteral("Our VP just told us")));
}

void TestStudio::badFileKeepsCurrentDataSet()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    const QString junk = m_dir.filePath(QStringLiteral("junk.sense7"));
    test::writeFile(junk, "not a database");
    const QString error = window.openDataSet(junk);
    QVERIFY2(error.contains(junk) && error.contains(QStringLiteral("not a Sense-7 data set")),
             qPrintable(error));
    QCOMPARE(window.store()->path(), m_demo);
    QCOMPARE(window.conversationView()->model()->rowCount(), 13);
    QVERIFY(!Settings().recentDataSets().contains(QFileInfo(junk).absoluteFilePath()));
}

void TestStudio::remembersDataSetsAndGeometry()
{
    const QString other = m_dir.filePath(QStringLiteral("empty.sense7"));
    Store::create(other);
    {
        MainWindow window;
        window.show();
        QCOMPARE(window.openDataSet(other), QString());
        QCOMPARE(window.openDataSet(m_demo), QString());
        window.setGeometry(40, 50, 900, 640);
        window.close();
    }
    Settings settings;
    QCOMPARE(settings.lastDataSet.get(), QFileInfo(m_demo).absoluteFilePath());
    QCOMPARE(
        settings.recentDataSets(),
        (QStringList {QFileInfo(m_demo).absoluteFilePath(), QFileInfo(other).absoluteFilePath()}));
    QVERIFY(!settings.mainWindowGeometry.get().isEmpty());

    MainWindow again;
    QCOMPARE(again.size(), QSize(900, 640));
    for (int i = 0; i < Settings::maxRecent + 3; ++i)
        settings.addRecentDataSet(QStringLiteral("/tmp/%1.sense7").arg(i));
    QCOMPARE(settings.recentDataSets().size(), Settings::maxRecent);
}

void TestStudio::startsOnLastDataSetOrDemo()
{
    Settings settings;
    // First start: the demo copy is made in the user's data folder.
    const QString demo = startup::dataSetToOpen(QString(), settings);
    QCOMPARE(demo, startup::demoDataSetPath());
    QVERIFY(QFileInfo::exists(demo));
    QCOMPARE(Store::open(demo)->info().conversations, 15); // 13 imported, 2 held live
    QCOMPARE(Store::open(demo)->protocol().key, QStringLiteral("sense7_live"));
    QVERIFY(!QFileInfo::exists(demo + QStringLiteral(".partial")));

    // An older program's demo (plain SENSE-7, no live study) is kept aside and made anew.
    const QString previous = startup::previousDemoPath(demo);
    QVERIFY(previous.endsWith(QStringLiteral("/demo-previous.sense7")));
    QFile::remove(demo);
    QVERIFY(QFile::copy(m_demo, demo));
    QCOMPARE(Store::open(demo)->protocol().key, QStringLiteral("sense7"));
    QCOMPARE(startup::dataSetToOpen(QString(), settings), demo);
    QCOMPARE(Store::open(demo)->protocol().key, QStringLiteral("sense7_live"));
    QCOMPARE(Store::open(previous)->protocol().key, QStringLiteral("sense7"));
    QCOMPARE(Store::open(previous)->info().conversations, 13);
    // Today's demo is left as it is.
    const QByteArray made = test::fileHash(demo);
    QCOMPARE(startup::ensureDemoDataSet(), demo);
    QCOMPARE(test::fileHash(demo), made);
    QFile::remove(previous);

    // Later starts: the last data set, while it exists.
    settings.lastDataSet.set(m_demo);
    QCOMPARE(startup::dataSetToOpen(QString(), settings), m_demo);
    settings.lastDataSet.set(m_dir.filePath(QStringLiteral("deleted.sense7")));
    QCOMPARE(startup::dataSetToOpen(QString(), settings), startup::demoDataSetPath());
    // An argument always wins.
    QCOMPARE(startup::dataSetToOpen(QStringLiteral("/x/y.sense7"), settings),
             QStringLiteral("/x/y.sense7"));
}

void TestStudio::screenshotOptionSavesTheWindow()
{
    const QString png = m_dir.filePath(QStringLiteral("window.png"));
    QProcess studio;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    studio.setProcessEnvironment(env);
    studio.start(QStringLiteral(SENSE7_STUDIO), {m_demo, QStringLiteral("--screenshot"), png});
    QVERIFY(studio.waitForFinished(60000));
    QCOMPARE(studio.exitCode(), 0);
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800 && image.height() >= 500);
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    }
    QVERIFY2(colours.size() > 50, "the screenshot looks empty");

    // A bad data set makes --screenshot fail loudly instead of saving an empty window.
    const QString junk = m_dir.filePath(QStringLiteral("junk2.sense7"));
    test::writeFile(junk, "nope");
    studio.start(QStringLiteral(SENSE7_STUDIO),
                 {junk, QStringLiteral("--screenshot"), png + QStringLiteral(".2")});
    QVERIFY(studio.waitForFinished(60000));
    QCOMPARE(studio.exitCode(), 1);
    QVERIFY(QString::fromUtf8(studio.readAllStandardError()).contains(junk));
}

void TestStudio::importsDroppedFiles()
{
    const QString path = m_dir.filePath(QStringLiteral("drop.sense7"));
    Store::create(path);
    MainWindow window;
    QCOMPARE(window.openDataSet(path), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.conversationView()->model()->rowCount(), 0);

    const QString data = QStringLiteral(SENSE7_TEST_DATA "/import/");
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(data + QStringLiteral("chatgpt-branching.json")),
                  QUrl::fromLocalFile(data + QStringLiteral("../bad/csv-ragged.csv"))});
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);

    QMessageBox *summary = nullptr;
    QTRY_VERIFY((summary = window.findChild<QMessageBox *>(QStringLiteral("importSummary"))));
    QVERIFY(summary->text().contains(
        QStringLiteral("chatgpt-branching.json (chatgpt): conversations imported: 1;")));
    QVERIFY2(summary->text().contains(QStringLiteral("csv-ragged.csv: line 4")),
             qPrintable(summary->text()));
    QCOMPARE(summary->icon(), QMessageBox::Warning);
    summary->grab().save(m_dir.filePath(QStringLiteral("summary.png")));
    if (!qEnvironmentVariableIsEmpty("SENSE7_SCREENSHOTS"))
        summary->grab().save(qEnvironmentVariable("SENSE7_SCREENSHOTS")
                             + QStringLiteral("/import-summary.png"));

    QCOMPARE(window.store()->info().conversations, 1);
    QCOMPARE(window.conversationView()->model()->rowCount(), 1);
    QVERIFY(window.transcriptView()->toPlainText().contains(QStringLiteral("hi there")));
    summary->close();
}

QString TestStudio::copyOfDemo(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    if (!QFile::copy(m_demo, path))
        qFatal("cannot copy the demo data set");
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

void TestStudio::checkColumns(MainWindow &window, bool participantShown)
{
    QCOMPARE(window.size(), QSize(1280, 800));
    QTableView *list = window.conversationView();
    QHeaderView *header = list->horizontalHeader();
    QCOMPARE(header->isSectionHidden(ConversationTableModel::Participant), !participantShown);
    // The title is the widest column, and the columns fill the list without a scroll bar.
    int total = 0;
    const int title = header->sectionSize(ConversationTableModel::Title);
    for (int column = 0; column < header->count(); ++column) {
        if (header->isSectionHidden(column))
            continue;
        total += header->sectionSize(column);
        if (column != ConversationTableModel::Title)
            QVERIFY2(title > header->sectionSize(column),
                     qPrintable(QStringLiteral("title %1, column %2: %3")
                                    .arg(title)
                                    .arg(column)
                                    .arg(header->sectionSize(column))));
    }
    QCOMPARE(total, list->viewport()->width());
    QVERIFY(!list->horizontalScrollBar()->isVisible());
    // The others as wide as their contents: the date is not cut short.
    const QModelIndex date = list->model()->index(0, ConversationTableModel::Started);
    QVERIFY(header->sectionSize(ConversationTableModel::Started)
            > list->fontMetrics().horizontalAdvance(date.data().toString()));
    QVERIFY(!date.data().toString().isEmpty());
}

void TestStudio::cancelledImportTakesBackOnlyItself()
{
    // The import dialog lets events through inside the import's transaction. A change made then
    // (here a rating, as a timer or a late keystroke would make it) is refused with a message
    // instead of joining the transaction and going with it when the import is cancelled.
    const QString path = m_dir.filePath(QStringLiteral("cancelled.sense7"));
    qint64 turn = 0;
    {
        auto store = Store::create(path);
        import::Importer(*store).importFile(
            QStringLiteral(SENSE7_TEST_DATA "/import/conversations.csv"));
        turn = store->turnId(store->findConversation(QStringLiteral("c1")), 1);
    }
    const QString many = test::writeManyConversations(
        m_dir.filePath(QStringLiteral("cancelled-many.jsonl")), 150000, 100);
    MainWindow window;
    QCOMPARE(window.openDataSet(path), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Store *store = window.store();
    const qint64 warmth = store->findDimension(QStringLiteral("warmth"))->id;
    const qint64 self = store->selfAnnotatorId();
    const QString before = test::logicalDump(*store);

    QString refusal;
    bool refusedInSession = false;
    bool cancelled = false;
    QTimer during;
    during.setInterval(5);
    connect(&during, &QTimer::timeout, &window, [&] {
        if (auto *ask = qobject_cast<QInputDialog *>(QApplication::activeModalWidget())) {
            ask->setTextValue(QStringLiteral("P01")); // whose conversations: asked when several
            ask->accept();
            return;
        }
        auto *progress = window.findChild<QProgressDialog *>();
        if (!progress || cancelled)
            return;
        try {
            store->setRating(turn, warmth, self, 3, Origin::Edit);
        } catch (const Error &e) {
            refusal = e.message();
        }
        // The same through the studio's own session (a keystroke in the rating panel): refused
        // and said in the status bar, with no box to hold the import up.
        if (auto *session = window.findChild<AnnotationSession *>())
            refusedInSession = !session->setRating(turn, warmth, 4);
        cancelled = true;
        progress->cancel();
    });
    during.start();
    window.importFiles({many});
    during.stop();

    QVERIFY(cancelled);
    QVERIFY2(refusal.contains(QStringLiteral("import is under way")), qPrintable(refusal));
    QVERIFY(refusedInSession);
    QCOMPARE(window.findChild<QLabel *>(QStringLiteral("savedLabel"))->text(),
             QStringLiteral("Not saved"));
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("import is under way")),
             qPrintable(window.statusBar()->currentMessage()));
    QMessageBox *summary = nullptr;
    QTRY_VERIFY((summary = window.findChild<QMessageBox *>(QStringLiteral("importSummary"))));
    summary->close();
    QCOMPARE(test::logicalDump(*store), before); // the import is gone, and nothing else went
    // Afterwards the data set takes changes again.
    store->setRating(turn, warmth, self, 3, Origin::Edit);
    auto other = Store::open(path, Store::Access::ReadOnly, Store::Check::Never);
    QCOMPARE(other->rating(turn, warmth, self).value(), 3);
}

void TestStudio::pasteConversationPreviewsTheSplit()
{
    const QString path = m_dir.filePath(QStringLiteral("paste.sense7"));
    Store::create(path)->addParticipant(QStringLiteral("P01"));
    {
        MainWindow window;
        QCOMPARE(window.openDataSet(path), QString());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QGuiApplication::clipboard()->setText(QStringLiteral("not a conversation"));
        bool shown = false;
        QTimer::singleShot(0, &window, [&] {
            auto *dialog = window.findChild<PasteDialog *>(QStringLiteral("pasteDialog"));
            QVERIFY(dialog);
            shown = true;
            // The clipboard held no conversation: nothing is filled in, Import waits.
            QCOMPARE(dialog->text(), QString());
            QVERIFY(!dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
            dialog->setText(QStringLiteral("# Planning the week\n"
                                           "You said:\nI have three meetings tomorrow.\n"
                                           "Copilot said:\nThen keep the morning for focused "
                                           "work.\n"
                                           "Alex: Can you join at ten?\n"));
            // "Alex" is no speaker the importer knows: the line stays in Copilot's reply.
            QCOMPARE(dialog->previewTable()->rowCount(), 2);
            dialog->speakerField()->setText(QStringLiteral("Alex=user"));
            QCOMPARE(dialog->previewTable()->rowCount(), 3);
            QCOMPARE(dialog->previewTable()->item(2, 1)->text(), QStringLiteral("Alex"));
            QCOMPARE(dialog->previewTable()->item(1, 2)->text(),
                     QStringLiteral("Then keep the morning for focused work."));
            const QString status =
                dialog->findChild<QLabel *>(QStringLiteral("pasteStatus"))->text();
            QVERIFY2(status.contains(QStringLiteral("\"Planning the week\" — turns: 3 (2 from "
                                                    "the participant, 1 from the assistant)")),
                     qPrintable(status));
            QVERIFY(dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
            dialog->grab().save(m_dir.filePath(QStringLiteral("paste.png")));
            if (!qEnvironmentVariableIsEmpty("SENSE7_SCREENSHOTS"))
                dialog->grab().save(qEnvironmentVariable("SENSE7_SCREENSHOTS")
                                    + QStringLiteral("/paste-conversation.png"));
            dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        });
        window.findChild<QAction *>(QStringLiteral("pasteConversationAction"))->trigger();
        QVERIFY(shown);
        QMessageBox *summary = nullptr;
        QTRY_VERIFY((summary = window.findChild<QMessageBox *>(QStringLiteral("importSummary"))));
        QVERIFY2(summary->text().contains(QStringLiteral("conversations imported: 1")),
                 qPrintable(summary->text()));
    }
    auto store = Store::open(path);
    const auto conversations = store->conversationSummaries();
    QCOMPARE(conversations.size(), 1);
    const auto conversation = store->conversation(conversations.at(0).id);
    QCOMPARE(conversation->title, QStringLiteral("Planning the week"));
    QCOMPARE(conversation->sourceFormat, QStringLiteral("transcript"));
    const QVector<Turn> turns = store->turns(conversations.at(0).id);
    QCOMPARE(turns.size(), 3);
    QCOMPARE(turns[2].role, Role::User);
    QCOMPARE(turns[2].text, QStringLiteral("Can you join at ten?"));
}

void TestStudio::titleColumnGetsTheSpareWidth()
{
    // Researcher mode: all participants, so the participant column is shown.
    {
        Settings().annotationMode.set(QStringLiteral("researcher"));
        MainWindow window;
        QCOMPARE(window.openDataSet(m_demo), QString());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        checkColumns(window, true);
        test::keepScreenshot(&window, QStringLiteral("list-researcher.png"));
    }
    // Participant mode: one participant's conversations, no column repeating the same code.
    {
        Settings().annotationMode.set(QStringLiteral("participant"));
        MainWindow window;
        QCOMPARE(window.openDataSet(m_demo), QString());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.conversationView()->model()->rowCount(), 5);
        checkColumns(window, false);
    }
}

void TestStudio::followsImportsByOtherPrograms_data()
{
    QTest::addColumn<bool>("threaded");
    QTest::newRow("list read at once") << false;
    QTest::newRow("list read on a thread") << true; // as a large data set's is
}

void TestStudio::followsImportsByOtherPrograms()
{
    QFETCH(bool, threaded);
    const QString path = copyOfDemo(QStringLiteral("followed.sense7"));
    Settings().annotationMode.set(QStringLiteral("participant"));
    MainWindow window;
    window.conversations()->setThreadedFrom(threaded ? 0 : -1);
    QCOMPARE(window.openDataSet(path), QString());
    QCOMPARE(window.conversations()->isLoading(), threaded);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(!window.conversations()->isLoading());
    QTableView *list = window.conversationView();
    QCOMPARE(list->model()->rowCount(), 5);
    window.selectConversationRow(2);
    const qint64 chosen = list->currentIndex().data(ConversationTableModel::IdRole).toLongLong();
    QVERIFY(window.workspace()->step(+1));
    const qint64 turn = window.workspace()->currentTurn();
    QSignalSpy outside(window.store(), &Store::changedElsewhere);
    QSignalSpy reset(list->model(), &QAbstractItemModel::modelReset);

    // Another program adds a conversation of this participant while the studio is open.
    const QString jsonl =
        test::writeManyConversations(m_dir.filePath(QStringLiteral("one.jsonl")), 1);
    QProcess cli;
    cli.start(QStringLiteral(SENSE7_CLI),
              {QStringLiteral("import"), QStringLiteral("--db"), path,
               QStringLiteral("--participant"), QStringLiteral("P01"), QStringLiteral("--format"),
               QStringLiteral("openai-jsonl"), jsonl});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QCOMPARE(test::queryInt(path, "SELECT count(*) FROM conversation"), 14);

    QTRY_COMPARE_WITH_TIMEOUT(list->model()->rowCount(), 6, 15000);
    QCOMPARE(outside.count(), 1);
    QCOMPARE(reset.count(), 0); // rows inserted, not the whole list read again
    // The same conversation and reply stay current.
    QCOMPARE(list->currentIndex().data(ConversationTableModel::IdRole).toLongLong(), chosen);
    QCOMPARE(list->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(window.workspace()->currentTurn(), turn);
    QTRY_VERIFY(window.findChild<QLabel *>(QStringLiteral("statusCounts"))
                    ->text()
                    .contains(QStringLiteral("Conversations: 14")));

    // A rating of the reply shown, given elsewhere, shows in the panel; the focus stays put.
    window.workspace()->transcript()->setFocus();
    QWidget *focused = QApplication::focusWidget();
    const Dimension warmth = *window.store()->findDimension(QStringLiteral("warmth"));
    auto *scale = window.findChild<ScaleSelector *>(QStringLiteral("scale_warmth"));
    QVERIFY(scale);
    const int value = scale->value() == QJsonValue(1) ? 2 : 1;
    {
        auto other = Store::open(path);
        other->setRating(turn, warmth.id, other->selfAnnotatorId(), value);
    }
    QTRY_COMPARE_WITH_TIMEOUT(scale->value(), QJsonValue(value), 5000);
    QCOMPARE(window.workspace()->currentTurn(), turn);
    QCOMPARE(QApplication::focusWidget(), focused);
    QCOMPARE(reset.count(), 0);
}

void TestStudio::readsALargeListOnAThread()
{
    const QString path = copyOfDemo(QStringLiteral("large.sense7"));
    Settings().annotationMode.set(QStringLiteral("researcher"));
    MainWindow window;
    window.conversations()->setThreadedFrom(0);
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.openDataSet(path), QString());
    // The window is there at once; the list says it is being read, not that it is empty.
    auto *list = qobject_cast<ConversationList *>(window.conversationView());
    QVERIFY(list);
    QVERIFY(window.conversations()->isLoading());
    QCOMPARE(list->model()->rowCount(), 0);
    QCOMPARE(list->placeholderText(), QStringLiteral("Reading the conversations…"));
    QCOMPARE(window.progressBar()->format(), QStringLiteral("Reading…"));
    QVERIFY(!window.goToNextUnrated());
    QCOMPARE(window.statusBar()->currentMessage(),
             QStringLiteral("The conversations are still being read."));

    // Once in, every conversation is listed and the first one is open, as when read at once.
    QTRY_VERIFY(!window.conversations()->isLoading());
    QCOMPARE(list->model()->rowCount(), 13);
    QVERIFY(list->placeholderText().isEmpty());
    QVERIFY(window.progressBar()->format().endsWith(QStringLiteral("% rated")));
    QCOMPARE(list->currentIndex().row(), 0);
    const qint64 first = list->currentIndex().data(ConversationTableModel::IdRole).toLongLong();
    QCOMPARE(window.turns()->conversationId(), first);

    // Another participant's rows: emptied at once, then read, and their first one opened.
    const qint64 p02 = window.store()->participantId(QStringLiteral("P02"));
    auto *participants = window.findChild<QComboBox *>(QStringLiteral("participantBox"));
    QVERIFY(participants);
    participants->setCurrentIndex(participants->findData(p02));
    Q_EMIT participants->activated(participants->currentIndex());
    QVERIFY(window.conversations()->isLoading());
    QCOMPARE(list->model()->rowCount(), 0);
    QTRY_VERIFY(!window.conversations()->isLoading());
    QVERIFY(list->model()->rowCount() > 0);
    QCOMPARE(list->currentIndex().row(), 0);
    const qint64 theirs = list->currentIndex().data(ConversationTableModel::IdRole).toLongLong();
    QCOMPARE(window.store()->conversation(theirs)->participantId, p02);
    QCOMPARE(window.turns()->conversationId(), theirs);

    // A conversation asked for while the list is read is the one opened once it is in.
    const qint64 wanted = window.conversations()->conversationId(1);
    window.conversations()->reload();
    // Not another participant's: the caller shows everyone's first (as the browser does).
    const auto everyone = window.store()->conversationSummaries();
    const auto other = std::find_if(everyone.begin(), everyone.end(), [](const auto &s) {
        return s.participant != QLatin1String("P02");
    });
    QVERIFY(other != everyone.end());
    QVERIFY(!window.selectConversation(other->id));
    QVERIFY(window.selectConversation(wanted));
    QCOMPARE(window.turns()->conversationId(), wanted); // shown at once, its row selected later
    // The reply the user moved to meanwhile stays the one shown when the row is selected.
    QVERIFY(window.workspace()->step(+1));
    const qint64 reply = window.workspace()->currentTurn();
    QTRY_VERIFY(!window.conversations()->isLoading());
    QCOMPARE(window.turns()->conversationId(), wanted);
    QCOMPARE(window.workspace()->currentTurn(), reply);
    QCOMPARE(list->currentIndex().data(ConversationTableModel::IdRole).toLongLong(), wanted);

    // A conversation just added (as a live one is) while the rows shown are read again.
    const qint64 id =
        test::addSmallConversation(*window.store(), p02, QStringLiteral("just started"));
    QVERIFY(window.conversations()->isLoading());
    QVERIFY(list->model()->rowCount() > 0);
    QVERIFY(window.selectConversation(id));
    QCOMPARE(window.turns()->conversationId(), id);
    QVERIFY(!list->currentIndex().isValid()); // no other row stays selected meanwhile
    QTRY_VERIFY(!window.conversations()->isLoading());
    QCOMPARE(window.turns()->conversationId(), id);
    QCOMPARE(list->currentIndex().data(ConversationTableModel::IdRole).toLongLong(), id);

    // A row chosen while the rows are read stays chosen once they are in.
    const qint64 later =
        test::addSmallConversation(*window.store(), p02, QStringLiteral("one more"));
    QVERIFY(window.conversations()->isLoading());
    QVERIFY(window.selectConversation(later));
    window.selectConversationRow(1); // as a click does
    const qint64 clicked = list->currentIndex().data(ConversationTableModel::IdRole).toLongLong();
    QVERIFY(clicked != later);
    QTRY_VERIFY(!window.conversations()->isLoading());
    QCOMPARE(list->currentIndex().data(ConversationTableModel::IdRole).toLongLong(), clicked);
    QCOMPARE(window.turns()->conversationId(), clicked);
}

void TestStudio::ownWritesAreNotOutsideChanges()
{
    const QString path = copyOfDemo(QStringLiteral("own.sense7"));
    MainWindow window;
    QCOMPARE(window.openDataSet(path), QString());
    QVERIFY(window.store()->isWatchingForOutsideChanges());
    QSignalSpy outside(window.store(), &Store::changedElsewhere);
    QSignalSpy reset(window.conversationView()->model(), &QAbstractItemModel::modelReset);
    Store *store = window.store();
    store->setRating(window.workspace()->currentTurn(),
                     store->findDimension(QStringLiteral("warmth"))->id, store->selfAnnotatorId(),
                     2);
    window.store()->annotatorId(QStringLiteral("obs"), AnnotatorKind::Observer);
    QVERIFY(!window.store()->checkForOutsideChanges());
    QCOMPARE(outside.count(), 0);
    QCOMPARE(reset.count(), 0);

    // A second connection's commit is one.
    {
        auto other = Store::open(path);
        other->annotatorId(QStringLiteral("obs2"), AnnotatorKind::Observer);
    }
    QVERIFY(window.store()->checkForOutsideChanges());
    QCOMPARE(outside.count(), 1);
    QVERIFY(!window.store()->checkForOutsideChanges());

    // While the browser's search index holds the checks, a sync round that brought other
    // machines' changes is shown at once; one that brought none is not a change.
    store->holdOutsideChanges();
    auto *sync = window.findChild<StudySync *>();
    QVERIFY(sync);
    sync::Result nothing;
    Q_EMIT sync->finished(nothing);
    QCOMPARE(outside.count(), 1);
    sync::Result pulled;
    pulled.pulled = 3;
    Q_EMIT sync->finished(pulled);
    QCOMPARE(outside.count(), 2);
    store->releaseOutsideChanges();
    QCOMPARE(outside.count(), 2); // nothing else changed
}

void TestStudio::listDatesFollowTheLanguage()
{
    QVERIFY(i18n::install(QLocale(QStringLiteral("zh_CN"))));
    QCOMPARE(i18n::language(), QStringLiteral("zh_CN"));
    {
        Settings().annotationMode.set(QStringLiteral("researcher"));
        MainWindow window;
        QCOMPARE(window.openDataSet(m_demo), QString());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAbstractItemModel *model = window.conversationView()->model();
        const qint64 id = model->index(0, 0).data(ConversationTableModel::IdRole).toLongLong();
        const QDate started = window.store()->conversation(id)->startedAt.toLocalTime().date();
        const QString expected =
            QLocale(QLocale::Chinese, QLocale::China).toString(started, QLocale::ShortFormat);
        QCOMPARE(model->index(0, ConversationTableModel::Started).data().toString(), expected);
        QVERIFY(!expected.contains(QStringLiteral("Mar")));
        QCOMPARE(model->headerData(ConversationTableModel::Title, Qt::Horizontal).toString(),
                 QStringLiteral("标题"));
        checkColumns(window, true);
        test::keepScreenshot(&window, QStringLiteral("list-zh_CN.png"));
    }
    // Back to English for whatever runs after.
    qDeleteAll(qApp->findChildren<QTranslator *>());
    QLocale::setDefault(QLocale::c());
    i18n::setLanguage({});
}

void TestStudio::importAsksRaterAndListsConflicts()
{
    // A data set where the participant rated warmth 5, and predictions without an annotator
    // column that say 1.
    const QString path = m_dir.filePath(QStringLiteral("conflicts.sense7"));
    {
        auto store = Store::create(path);
        import::Importer(*store).importFile(
            QStringLiteral(SENSE7_TEST_DATA "/import/conversations.csv"));
        const qint64 turn = store->turnId(store->findConversation(QStringLiteral("c1")), 1);
        store->setRating(turn, store->findDimension(QStringLiteral("warmth"))->id,
                         store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self), 5);
    }
    const QString file = m_dir.filePath(QStringLiteral("predictions.csv"));
    test::writeFile(file,
                    "conversation_id,turn_index,dimension,value\n"
                    "c1,1,warmth,1\n"
                    "c1,3,warmth,2\n");
    MainWindow window;
    QCOMPARE(window.openDataSet(path), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    bool asked = false;
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = window.findChild<ImportOptionsDialog *>(QStringLiteral("importOptions"));
        QVERIFY(dialog);
        asked = true;
        // Never "self" unless someone says so: the workspace rates as the participant, so the
        // field starts empty and Import waits for a name.
        QCOMPARE(dialog->annotatorBox()->currentText(), QString());
        QVERIFY(!dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(dialog->policyButton(import::OnConflict::Keep)->isChecked());
        dialog->annotatorBox()->setCurrentText(QStringLiteral("self"));
        QCOMPARE(dialog->kindBox()->currentData().toInt(), int(AnnotatorKind::Self));
        QVERIFY(dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        dialog->grab().save(m_dir.filePath(QStringLiteral("import-options.png")));
        if (!qEnvironmentVariableIsEmpty("SENSE7_SCREENSHOTS"))
            dialog->grab().save(qEnvironmentVariable("SENSE7_SCREENSHOTS")
                                + QStringLiteral("/import-options.png"));
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
    });
    window.importFiles({file});
    QVERIFY(asked);

    QMessageBox *summary = nullptr;
    QTRY_VERIFY((summary = window.findChild<QMessageBox *>(QStringLiteral("importSummary"))));
    const QString text = summary->text();
    QVERIFY2(text.contains(QStringLiteral("ratings: 1 new, 0 unchanged, 1 conflicting (kept)")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("predictions.csv: line 2: conversation "
                                          "&quot;c1&quot;, turn 1")),
             qPrintable(text));
    QCOMPARE(summary->icon(), QMessageBox::Warning);
    if (!qEnvironmentVariableIsEmpty("SENSE7_SCREENSHOTS"))
        summary->grab().save(qEnvironmentVariable("SENSE7_SCREENSHOTS")
                             + QStringLiteral("/import-conflicts.png"));
    {
        auto *store = window.store();
        const qint64 turn = store->turnId(store->findConversation(QStringLiteral("c1")), 1);
        const auto ratings =
            store->turnRatings(store->conversationOfTurn(turn), store->selfAnnotatorId());
        QCOMPARE(ratings.value(turn).value(store->findDimension(QStringLiteral("warmth"))->id),
                 Rating(5));
    }

    // The report can be saved for scripts.
    auto *save = summary->findChild<QPushButton *>(QStringLiteral("saveConflictReport"));
    QVERIFY(save);
    save->click();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<QFileDialog *>(QStringLiteral("conflictReportDialog"))));
    const QString report = m_dir.filePath(QStringLiteral("gui-conflicts.json"));
    dialog->selectFile(report);
    QMetaObject::invokeMethod(dialog, "accept");
    QTRY_VERIFY(QFile::exists(report));
    const QJsonArray rows = QJsonDocument::fromJson(test::readFile(report)).array();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.at(0).toObject().value(QStringLiteral("line")).toInt(), 2);
    QCOMPARE(rows.at(0).toObject().value(QStringLiteral("existing")).toInt(), 5);
    QCOMPARE(rows.at(0).toObject().value(QStringLiteral("file_value")).toInt(), 1);
    QCOMPARE(rows.at(0).toObject().value(QStringLiteral("action")).toString(),
             QStringLiteral("kept"));
}

QTEST_MAIN(TestStudio)
#include "tst_studio.moc"
