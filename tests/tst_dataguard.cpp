// The studio and a damaged data set: opened read-only with a banner, backed up in the
// background, restored from File ▸ Restore backup… (ui/dataguard).

#include "dataguard.h"
#include "guisupport.h"
#include "integrity.h"
#include "mainwindow.h"
#include "testsupport.h"

#include <QApplication>
#include <QDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QToolBar>

using namespace sense7;

class TestDataGuard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void damagedDataSetOpensWithBanner();
    void cleanDataSetIsBackedUpInTheBackground();
    void restoreBackupReplacesDamagedDataSet();
    void closingBacksUpWhatWasSaved();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestDataGuard::initTestCase()
{
    qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
    QApplication::setOrganizationName(QStringLiteral("Sense-7-tests"));
    QApplication::setApplicationName(QStringLiteral("tst_dataguard"));
}

void TestDataGuard::init()
{
    QSettings().clear();
    m_path = m_dir.filePath(
        QStringLiteral("%1.sense7").arg(QLatin1String(QTest::currentTestFunction())));
    test::makeDemoDataSet(m_path);
}

void TestDataGuard::damagedDataSetOpensWithBanner()
{
    test::damageTable(m_path, QStringLiteral("turn"));
    const QByteArray before = test::fileHash(m_path);
    MainWindow window;
    QCOMPARE(window.openDataSet(m_path), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.store()); // nothing of it is shown
    QToolBar *banner = window.guard()->banner();
    QVERIFY(banner->isVisible());
    auto *message = banner->findChild<QLabel *>(QStringLiteral("damageMessage"));
    QVERIFY(message);
    QVERIFY(message->text().contains(QStringLiteral("is damaged")));
    QVERIFY(message->text().contains(QStringLiteral("Restore backup")));
    QVERIFY(message->text().contains(QStringLiteral("sense7 recover")));
    QVERIFY(window.windowTitle().contains(QStringLiteral("damaged")));
    test::keepScreenshot(&window, QStringLiteral("damaged.png"));
    // No backup of it was attempted, and the file is as it was.
    QVERIFY(!window.guard()->waitForBackup());
    QVERIFY(integrity::backups(m_path).isEmpty());
    QCOMPARE(test::fileHash(m_path), before);
}

void TestDataGuard::cleanDataSetIsBackedUpInTheBackground()
{
    {
        MainWindow window;
        QCOMPARE(window.openDataSet(m_path), QString());
        QVERIFY(window.store() && !window.store()->isReadOnly());
        QVERIFY(!window.guard()->banner()->isVisible());
        QVERIFY(window.guard()->waitForBackup());
        QCOMPARE(integrity::backups(m_path).size(), 1);
        QCOMPARE(integrity::backups(m_path).constFirst().conversations, 13);
    }
    // The next opening within six hours makes none.
    MainWindow window;
    QCOMPARE(window.openDataSet(m_path), QString());
    QVERIFY(!window.guard()->waitForBackup());
    QCOMPARE(integrity::backups(m_path).size(), 1);
}

void TestDataGuard::restoreBackupReplacesDamagedDataSet()
{
    QString original;
    {
        auto store = Store::open(m_path);
        original = test::logicalDump(*store);
    }
    integrity::makeBackup(m_path);
    test::damageTable(m_path, QStringLiteral("turn"));
    const QByteArray damaged = test::fileHash(m_path);

    MainWindow window;
    QCOMPARE(window.openDataSet(m_path), QString());
    window.show();
    QVERIFY(window.guard()->banner()->isVisible());
    int dialogs = 0;
    QString text;
    // The dialog lists the backup; Restore; then the message saying where the old file is.
    QTimer::singleShot(0, this, [&] {
        auto *dialog = window.findChild<QDialog *>(QStringLiteral("restoreDialog"));
        QVERIFY(dialog);
        auto *list = dialog->findChild<QTableWidget *>(QStringLiteral("backupList"));
        QCOMPARE(list->rowCount(), 1);
        QCOMPARE(list->item(0, 1)->text(), QStringLiteral("13"));
        test::keepScreenshot(dialog, QStringLiteral("restore-dialog.png"));
        ++dialogs;
        // The message comes once the dialog has closed and the file is restored.
        auto *poll = new QTimer(this);
        connect(poll, &QTimer::timeout, this, [&, poll] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            poll->deleteLater();
            poll->stop();
            text = box->text();
            ++dialogs;
            box->accept();
        });
        poll->start(20);
        dialog->findChild<QPushButton *>(QStringLiteral("restoreButton"))->click();
    });
    window.guard()->restoreInteractively();
    QCOMPARE(dialogs, 2);
    QVERIFY2(text.contains(QStringLiteral("The replaced file is kept at")), qPrintable(text));

    QVERIFY(window.store());
    QVERIFY(!window.store()->isDamaged());
    QVERIFY(!window.store()->isReadOnly());
    QVERIFY(!window.guard()->banner()->isVisible());
    QCOMPARE(window.conversationView()->model()->rowCount(), 13);
    QCOMPARE(test::logicalDump(*window.store()), original);
    const QStringList aside =
        QDir(m_dir.path())
            .entryList({QStringLiteral("restoreBackupReplacesDamagedDataSet.replaced-*.sense7")});
    QCOMPARE(aside.size(), 1);
    QCOMPARE(test::fileHash(QDir(m_dir.path()).filePath(aside.constFirst())), damaged);
}

void TestDataGuard::closingBacksUpWhatWasSaved()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_path), QString());
    QVERIFY(window.guard()->waitForBackup()); // the first one, on opening
    QCOMPARE(integrity::backups(m_path).size(), 1);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(5); // a distinct name for the next backup

    // Nothing saved since: closing makes none.
    window.guard()->closing();
    QCOMPARE(integrity::backups(m_path).size(), 1);

    const qint64 participant = window.store()->addParticipant(QStringLiteral("P-new"));
    QVERIFY(participant > 0);
    window.store()->setParticipantProfile(participant, {{QStringLiteral("age"), 30}});
    const qint64 turn =
        window.store()->turnId(window.store()->conversationSummaries().constFirst().id, 1);
    window.store()->setRating(turn, window.store()->findDimension(QStringLiteral("warmth"))->id,
                              window.store()->selfAnnotatorId(), 2);
    QVERIFY(window.close());
    const QVector<integrity::Backup> list = integrity::backups(m_path);
    QCOMPARE(list.size(), 2);
    auto backup = Store::open(list.constFirst().path, Store::Access::ReadOnly);
    QVERIFY(backup->participantId(QStringLiteral("P-new")) != 0);
}

QTEST_MAIN(TestDataGuard)
#include "tst_dataguard.moc"
